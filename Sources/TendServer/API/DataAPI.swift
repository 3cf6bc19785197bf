import Foundation
import HTTPTypes
import Hummingbird
import TendAPI
import TendCore
import TendHTTP
import TendImport
import TendStore
import TendWords

/// Import (the formats `tend import` reads, recognised by content) and export.
struct DataAPI {
    let server: ServerDependencies
    typealias Context = TendRequestContext

    func addRoutes(to group: RouterGroup<Context>) {
        group.on(APIRoute.importData, use: importData)
        group.on(APIRoute.export, use: export)
    }

    /// `POST /import[?dryRun=true&mergeNames=true&filename=…]` with the file as the body (at most 256 MiB): merges
    /// in one transaction, or with `dryRun` only reports. A failed import changes nothing. The body
    /// goes to disk as it arrives and is read through a memory map; at most
    /// `maximumConcurrentImports` run at once (503 with Retry-After beyond).
    @Sendable func importData(_ request: Request, context: Context) async throws -> Response {
        let owner = try context.requireIdentity().owner
        let dryRun = try request.queryBool("dryRun")
        let mergeNames = try request.queryBool("mergeNames")
        return try await server.importGate.run {
            let file = try await UploadedFile.receive(request, limit: server.configuration.maximumImportBody)
            defer { file.remove() }
            guard file.size > 0 else { throw Problem.badRequest(t("send the file to import as the body")) }
            let importer = TendImporter(now: server.configuration.now)
            let report = try await importer.importData(
                try file.mapped(), filename: request.query("filename"), into: server.store, owner: owner, dryRun: dryRun,
                mergeNames: mergeNames)
            return try Reply.json(ImportReportJSON(report))
        }
    }

    /// `GET /export?format=json|csv|loop-csv`: Tend JSON (complete), CSV, or Loop's CSV zip.
    @Sendable func export(_ request: Request, context: Context) async throws -> Response {
        let owner = try context.requireIdentity().owner
        let importer = TendImporter(now: server.configuration.now)
        let data: Data
        let type: String
        let filename: String
        switch request.query("format") ?? "json" {
        case "json":
            data = try await importer.exportJSON(store: server.store, owner: owner)
            (type, filename) = ("application/json; charset=utf-8", "tend-export.json")
        case "csv":
            data = try await importer.exportCSV(store: server.store, owner: owner)
            (type, filename) = ("text/csv; charset=utf-8", "tend-export.csv")
        case "loop-csv":
            data = try await importer.exportLoopCSVZip(store: server.store, owner: owner)
            (type, filename) = ("application/zip", "tend-loop-export.zip")
        default:
            throw Problem.badRequest(t("'format' is json, csv or loop-csv"))
        }
        return Response(
            status: .ok,
            headers: [
                .contentType: type, .contentLength: String(data.count),
                .contentDisposition: "attachment; filename=\"\(filename)\"",
            ],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
