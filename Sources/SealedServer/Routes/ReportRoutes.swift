import Foundation
import Hummingbird

/// The report folders: their list, and their files under `/reports/` (never outside the
/// reports folder, `ReportBrowser`).
enum ReportRoutes {
  /// The reply of `GET /api/reports`: the reports folder and the report folders in it.
  struct Listing: Encodable {
    var folder: String
    var reports: [ReportBrowser.Folder]
  }

  static func add(to router: Router<BasicRequestContext>, state: AppState) {
    router.get("/api/reports") { _, _ in
      Reply.json(Listing(folder: state.reports.root, reports: state.reports.folders()))
    }
    router.get("/reports/**") { request, _ in
      try serve(request.uri.path, browser: state.reports)
    }
  }

  /// The file (or folder listing) a `/reports/...` path names.
  static func serve(_ path: String, browser: ReportBrowser) throws(APIError) -> Response {
    let raw = path.dropFirst("/reports".count)
    switch try browser.resolve(raw) {
    case .folder(let folder):
      let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
      return Reply.json(["files": names])
    case .file(let file):
      guard let data = FileManager.default.contents(atPath: file) else {
        throw APIError.notFound("cannot read report file \((file as NSString).lastPathComponent)")
      }
      var headers = HTTPFields()
      headers[.contentSecurityPolicy] = RequestGuard<BasicRequestContext>.reportPolicy
      return Reply.bytes(data, type: ReportBrowser.contentType(of: file), headers: headers)
    }
  }
}
