/// The API's base path: one definition for the server and its clients.
public enum APIPaths {
    public static let base = "/api/v1"
    public static let health = "/healthz"
    public static let metrics = "/metrics"
    /// The OpenAPI 3.1 document of the API (no authentication).
    public static let openAPI = "/api/v1/openapi.json"
}
