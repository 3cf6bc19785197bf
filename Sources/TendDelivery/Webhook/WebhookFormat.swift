/// What a webhook receives: Tend's own JSON (``WebhookPayload``) or an ntfy message
/// (``NtfyMessage``), which ntfy shows as a notification with a "Done" button.
public enum WebhookFormat: String, Hashable, Sendable, CaseIterable, Codable {
    case json
    case ntfy
}
