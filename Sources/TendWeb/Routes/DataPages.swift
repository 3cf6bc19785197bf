import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import TendAPI
import TendCore
import TendHTTP
import TendImport
import TendStore
import TendWords

/// `/settings/data`: import (upload → dry-run preview → confirm), exports and the backup. The
/// formats, their recognition by content and the merge are `TendImporter`'s, exactly as
/// `tend import` and `POST /api/v1/import` use them.
struct DataPages {
    let web: WebDependencies
    typealias Context = TendRequestContext

    func addRoutes(to group: RouterGroup<Context>) {
        group.get(WebPaths.data.route(), use: show)
        group.post(WebPaths.dataImport.route(), use: preview)
        group.get(WebPaths.dataImport.route(), use: showPreview)
        group.post(WebPaths.dataImportConfirm.route(), use: confirm)
        group.get(WebPaths.dataExport.route(), use: export)
        group.get(WebPaths.dataBackup.route(), use: backup)
        group.get(WebPaths.deleteAccount.route(), use: showDeletion)
        group.post(WebPaths.deleteAccount.route(), use: deleteAccount)
    }

    /// `GET /settings/account/delete`: the export first, then the password form.
    @Sendable func showDeletion(_ request: Request, context: Context) async throws -> Response {
        let user = try await web.user(context)
        let isOwner = try await web.store.account(id: user.id).role == .owner
        return Page.html(AccountDeletionView.page(error: nil, isOwner: isOwner, session: try web.session(context, user: user)))
    }

    /// `POST /settings/account/delete` (`password`): deletes the account (``AccountService/deleteAccount``)
    /// and signs out; a wrong password or the owner of a shared server gets the page again (403).
    @Sendable func deleteAccount(_ request: Request, context: Context) async throws -> Response {
        // It clears the session cookie: only Tend's own pages may ask (docs/security.md).
        try web.accounts.client.requireSameOrigin(request, context: context)
        let identity = try context.requireIdentity()
        let user = try await web.user(context)
        let form = try await request.form()
        do {
            let cookie = try await web.accounts.deleteAccount(
                owner: identity.owner, password: form["password"] ?? "", request: request, context: context)
            var response = Page.redirect(WebPaths.login() + "?signed-out=1&deleted=1")
            response.setCookie(cookie)
            return response
        } catch let problem as Problem where problem.status == .forbidden {
            let isOwner = try await web.store.account(id: user.id).role == .owner
            let sentence = problem.detail.prefix(1).uppercased() + problem.detail.dropFirst() + "."
            return Page.html(
                AccountDeletionView.page(error: sentence, isOwner: isOwner, session: try web.session(context, user: user)),
                status: .forbidden)
        }
    }

    private func model(_ user: User) -> DataPage {
        DataPage(sizeLimit: web.configuration.maximumImportBody, today: user.settings.today(now: web.now))
    }

    /// `GET /settings/data[?imported=1&habits=N&entries=M]`.
    @Sendable func show(_ request: Request, context: Context) async throws -> Response {
        let user = try await web.user(context)
        var page = model(user)
        if let report = web.backups?(), try await web.store.account(id: user.id).role == .owner {
            page.serverBackups = DataPage.ServerBackups(report, timeZone: TimeZone(identifier: user.settings.timeZone) ?? .gmt)
        }
        if request.query("imported") == "1" {
            page.done = .init(
                habits: max(0, Int(request.query("habits") ?? "") ?? 0), entries: max(0, Int(request.query("entries") ?? "") ?? 0))
        }
        return Page.html(DataView.page(page, session: try web.session(context, user: user)))
    }

    /// `POST /settings/data/import?_csrf=…` (multipart: `file`): a dry run of the file against
    /// the user's data; the file and what the run found wait in `ImportStaging`, and the answer is
    /// 303 to the preview page (`GET …/import?upload=ID`), so that the form's address, which
    /// carries the token, stays out of the address bar and the history. A file Tend cannot read
    /// answers 422 with the reason; nothing is changed either way. The
    /// body goes to disk as it arrives and is read through a memory map; at most
    /// `maximumConcurrentImports` run at once (503 with Retry-After beyond).
    @Sendable func preview(_ request: Request, context: Context) async throws -> Response {
        let user = try await web.user(context)
        let session = try web.session(context, user: user)
        var page = model(user)
        return try await web.importGate.run {
            let received = try await UploadedFile.receive(request, limit: web.configuration.maximumImportBody)
            var staged = false
            defer { if !staged { received.remove() } }
            let upload: MultipartForm.PartLayout
            let data: Data
            do {
                let file = try fileUpload(received, request: request)
                upload = file.layout
                data = file.data
            } catch let refusal as Refusal {
                page.error = refusal.message
                return Page.html(DataView.page(page, session: session), status: .unprocessableContent)
            }
            let filename = upload.filename.flatMap { $0.isEmpty ? nil : $0 }
            let report: ImportReport
            do {
                report = try await TendImporter(now: web.configuration.now).importData(
                    data, filename: filename, into: web.store, owner: user.id, dryRun: true)
            } catch let error as ImportError {
                page.error = Self.sentence(error.description)
                return Page.html(DataView.page(page, session: session), status: .unprocessableContent)
            }
            let id = await web.imports.stage(received, range: upload.body, filename: filename, owner: user.id, now: web.now) {
                DataPage.preview(report, filename: filename, uploadID: $0)
            }
            staged = true
            return Page.redirect(WebPaths.dataImport() + "?upload=\(id)")
        }
    }

    /// `GET /settings/data/import?upload=ID`: the preview of a staged file, with the form that
    /// confirms it; 410 with the data page and why when it expired or was replaced.
    @Sendable func showPreview(_ request: Request, context: Context) async throws -> Response {
        let user = try await web.user(context)
        let session = try web.session(context, user: user)
        var page = model(user)
        guard let staged = await web.imports.peek(request.query("upload") ?? "", owner: user.id, now: web.now),
            let preview = staged.preview
        else {
            page.error = Self.expired
            return Page.html(DataView.page(page, session: session), status: .gone)
        }
        page.preview = preview
        return Page.html(DataView.page(page, session: session), headers: [.cacheControl: "no-store"])
    }

    static var expired: String { t("This preview has expired (or the file was replaced by a later one). Choose the file again.") }

    /// `POST /settings/data/import/confirm` `upload=ID`: imports the previewed file in one
    /// transaction (planned again against the data as it is now), then 303 to the page with
    /// what was added.
    @Sendable func confirm(_ request: Request, context: Context) async throws -> Response {
        let user = try await web.user(context)
        let form = try await request.form()
        return try await web.importGate.run {
            guard let upload = await web.imports.take(form["upload"] ?? "", owner: user.id, now: web.now) else {
                var page = model(user)
                page.error = Self.expired
                return Page.html(DataView.page(page, session: try web.session(context, user: user)), status: .unprocessableContent)
            }
            defer { upload.file.remove() }
            let report: ImportReport
            do {
                report = try await TendImporter(now: web.configuration.now).importData(
                    try upload.data(), filename: upload.filename, into: web.store, owner: user.id, mergeNames: form["mergeNames"] == "yes")
            } catch let error as ImportError {
                var page = model(user)
                page.error = Self.sentence(error.description)
                return Page.html(DataView.page(page, session: try web.session(context, user: user)), status: .unprocessableContent)
            }
            if !report.habitsAdded.isEmpty { await web.store.recordTip(.habitAdded, owner: user.id) }
            return Page.redirect(WebPaths.data() + "?imported=1&habits=\(report.habitsAdded.count)&entries=\(report.entriesAdded)")
        }
    }

    /// `GET /settings/data/export?format=json|csv|loop-csv`: the signed-in user's data as an attachment.
    @Sendable func export(_ request: Request, context: Context) async throws -> Response {
        let owner = try context.requireIdentity().owner
        let importer = TendImporter(now: web.configuration.now)
        switch request.query("format") ?? "json" {
        case "json":
            return Self.attachment(
                try await importer.exportJSON(store: web.store, owner: owner), type: "application/json; charset=utf-8",
                filename: "tend-export.json")
        case "csv":
            return Self.attachment(
                try await importer.exportCSV(store: web.store, owner: owner), type: "text/csv; charset=utf-8", filename: "tend-export.csv")
        case "loop-csv":
            return Self.attachment(
                try await importer.exportLoopCSVZip(store: web.store, owner: owner), type: "application/zip",
                filename: "tend-loop-export.zip")
        default:
            throw Problem.badRequest(t("there is no export in that format; choose Tend JSON, CSV or Loop CSV"))
        }
    }

    /// `GET /settings/data/backup`: the complete Tend JSON export, named by the user's today.
    /// (A copy of the server's database would hold every account; per user, the lossless JSON
    /// export is the backup, and importing it into an empty account restores it.)
    @Sendable func backup(_ request: Request, context: Context) async throws -> Response {
        let user = try await web.user(context)
        let data = try await TendImporter(now: web.configuration.now).exportJSON(store: web.store, owner: user.id)
        return Self.attachment(
            data, type: "application/json; charset=utf-8", filename: "tend-backup-\(user.settings.today(now: web.now).iso).json")
    }

    // MARK: Helpers

    private struct Refusal: Error {
        var message: String
    }

    /// The `file` part of the multipart form in `received` (its `_csrf` was checked by the auth
    /// middleware, from the query or a header), and its bytes mapped from the file.
    private func fileUpload(_ received: UploadedFile, request: Request) throws -> (layout: MultipartForm.PartLayout, data: Data) {
        guard let type = request.headers[.contentType], let boundary = MultipartForm.boundary(contentType: type) else {
            throw Refusal(message: t("The form did not send a file (it must be sent as multipart/form-data)."))
        }
        let parts: [MultipartForm.PartLayout]
        do {
            parts = try MultipartForm.layout(of: try received.mapped(), boundary: boundary)
        } catch {
            throw Refusal(message: t("The upload could not be read (a damaged form). Choose the file again."))
        }
        // A form sent without choosing a file has an empty part with an empty file name.
        guard let file = parts.first(where: { $0.name == "file" }), !(file.filename ?? "").isEmpty || !file.body.isEmpty else {
            throw Refusal(message: t("Choose a file to import."))
        }
        guard !file.body.isEmpty else { throw Refusal(message: t("“{file}” is empty.", ["file": file.filename ?? t("The file")])) }
        return (file, try UploadedFile.map(received.url, range: file.body))
    }

    private static func attachment(_ data: Data, type: String, filename: String) -> Response {
        Response(
            status: .ok,
            headers: [
                .contentType: type, .contentLength: String(data.count), .cacheControl: "private, no-store",
                .contentDisposition: "attachment; filename=\"\(filename)\"",
            ],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// An import error's description as a sentence ("This file is not…").
    static func sentence(_ text: String) -> String {
        let sentence = text.prefix(1).uppercased() + text.dropFirst()
        return sentence.hasSuffix(".") ? sentence : sentence + "."
    }
}
