/// The OpenAPI 3.1 document of Tend's HTTP API, served at `GET /api/v1/openapi.json`.
///
/// It is the file `openapi.json` beside this one, embedded in the binary by SwiftPM
/// (`.embedInCode`, as the web app's assets are), so a statically linked `tend` needs no bundle
/// directory beside it. `OpenAPITests` keeps it true: every route the router has is in it and
/// nothing else, and real responses match its schemas; `scripts/test-api` runs schemathesis
/// against a running `tend serve` with it.
public enum OpenAPIDocument {
    /// The document as JSON text.
    public static let json = String(decoding: PackageResources.openapi_json, as: UTF8.self)
}
