import HTTPTypes
import Hummingbird
import TendCore
import TendStore
import TendWords

/// Sets the words of everything inside it (``Words/current``): the pages, problem bodies and
/// messages a request answers with. Outside the routes that know who asks, the browser's
/// `Accept-Language` decides; inside them (after ``AuthMiddleware``), the account's language
/// setting, else the browser's again.
package struct LanguageMiddleware: RouterMiddleware {
    package typealias Context = TendRequestContext

    /// Where the account's choice is read from (`nil`: the header alone).
    let accounts: (store: any TendStore, settings: RecentSettings)?

    /// The header alone: sign-in and sign-up pages, unauthenticated errors.
    package static let browser = LanguageMiddleware(accounts: nil)

    /// The account's setting first (read through `settings`: no extra read per request).
    package static func account(store: any TendStore, settings: RecentSettings) -> LanguageMiddleware {
        LanguageMiddleware(accounts: (store, settings))
    }

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let language = try await language(request, context: context)
        guard language != Words.current.language else { return try await next(request, context) }
        return try await Words.$current.withValue(Words.of(language)) {
            do {
                var response = try await next(request, context)
                // An inner language middleware's (the account's) says what the answer speaks.
                if response.headers[.contentLanguage] == nil { response.headers[.contentLanguage] = language.tag }
                return response
            } catch {
                // Worded here, in this language: the problem middleware that answers it runs outside.
                guard var problem = Problem.from(error) else { throw error }
                if problem.headers[.contentLanguage] == nil { problem.headers[.contentLanguage] = language.tag }
                throw problem
            }
        }
    }

    func language(_ request: Request, context: Context) async throws -> Language {
        if let accounts, let owner = context.identity?.owner,
            let chosen = try await accounts.settings.settings(owner, store: accounts.store).chosenLanguage
        {
            return chosen
        }
        return Language.negotiate(acceptLanguage: request.headers[.acceptLanguage])
    }
}
