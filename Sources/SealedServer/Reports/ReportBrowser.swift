import Foundation
import SealedSupport

/// The report folders under the server's reports folder, and their files, served without ever
/// leaving it: a request path is percent-decoded one component at a time, a component that is
/// `.`, `..`, hidden (`.name`), or holds `/`, `\` or NUL once decoded is refused, and the file
/// found is resolved through every symbolic link and must still lie inside the reports folder
/// (itself resolved), so neither an encoded `..` nor a link to elsewhere gets out.
struct ReportBrowser: Sendable {
  /// A report folder: its path under the reports folder, its files, and whether it has a page.
  struct Folder: Encodable, Sendable {
    var path: String
    var files: [String]
    var has_page: Bool
    var modified: String
    /// What its `run.csv` and `checks.csv` say (nil for a folder without `run.csv`).
    var run: ReportSummary?
  }

  /// What a path names: a file to send, or a folder to list.
  enum Target: Equatable {
    case file(String)
    case folder(String)
  }

  let root: String

  /// How deep below the reports folder report folders are looked for (`check-products` writes a
  /// folder per product inside its own).
  static let depth = 3

  /// Every folder under the reports folder holding `report.html` or `run.csv`, newest first.
  /// Cost: a listing of each folder down to `depth`.
  func folders() -> [Folder] {
    var found: [(folder: Folder, date: Date)] = []
    func visit(_ relative: String, level: Int) {
      let path = relative.isEmpty ? root : (root as NSString).appendingPathComponent(relative)
      guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return }
      let visible = names.filter { !$0.hasPrefix(".") }.sorted()
      var files: [String] = []
      for name in visible {
        var isFolder: ObjCBool = false
        let child = (path as NSString).appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: child, isDirectory: &isFolder) else { continue }
        if isFolder.boolValue {
          if level < Self.depth { visit(relative.isEmpty ? name : "\(relative)/\(name)", level: level + 1) }
        } else {
          files.append(name)
        }
      }
      guard !relative.isEmpty, files.contains("report.html") || files.contains("run.csv") else { return }
      let date = (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date) ?? Date(timeIntervalSince1970: 0)
      let folder = Folder(
        path: relative, files: files, has_page: files.contains("report.html"), modified: UTCTimestamp.seconds(date),
        run: files.contains("run.csv") ? ReportSummary(folder: path) : nil)
      found.append((folder, date))
    }
    visit("", level: 1)
    return found.sorted { $0.date != $1.date ? $0.date > $1.date : $0.folder.path < $1.folder.path }.map(\.folder)
  }

  /// The file or folder that `rawPath` (the part of the URL after `/reports/`, as sent, still
  /// percent-encoded) names inside the reports folder, or a refusal: 400 for a path that tries
  /// to climb or hide, 404 for one that names nothing, 403 for one that leads outside.
  func resolve(_ rawPath: Substring) throws(APIError) -> Target {
    var components: [String] = []
    for raw in rawPath.split(separator: "/", omittingEmptySubsequences: true) {
      guard let decoded = raw.removingPercentEncoding else {
        throw APIError.badRequest("report path \"\(rawPath)\": malformed percent-encoding")
      }
      guard !decoded.hasPrefix("."), !decoded.contains("/"), !decoded.contains("\\"), !decoded.contains("\0") else {
        throw APIError.badRequest("report path \"\(rawPath)\": \"\(decoded)\" is not a name in the reports folder (no '..', hidden names, '/' or '\\')")
      }
      components.append(decoded)
    }
    guard let realRoot = Self.realPath(root) else {
      throw APIError.notFound("no reports folder at \(root) yet; run a check to make one")
    }
    let candidate = ([root] + components).joined(separator: "/")
    guard let real = Self.realPath(candidate) else {
      throw APIError.notFound("no report file \"\(components.joined(separator: "/"))\" in \(root)")
    }
    guard real == realRoot || real.hasPrefix(realRoot + "/") else {
      throw APIError.forbidden("report path \"\(components.joined(separator: "/"))\" leads outside the reports folder")
    }
    var isFolder: ObjCBool = false
    _ = FileManager.default.fileExists(atPath: real, isDirectory: &isFolder)
    return isFolder.boolValue ? .folder(real) : .file(real)
  }

  /// The path with every symbolic link resolved, or nil when it does not exist.
  static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// The content type a report file is sent with: pages as HTML, tables and data as text (so
  /// that the browser shows them), images and PDFs as themselves.
  static func contentType(of path: String) -> String {
    switch (path as NSString).pathExtension.lowercased() {
    case "html": "text/html; charset=utf-8"
    case "csv", "txt", "md", "yaml": "text/plain; charset=utf-8"
    case "json": "application/json"
    case "png": "image/png"
    case "jpg", "jpeg": "image/jpeg"
    case "pdf": "application/pdf"
    case "svg": "image/svg+xml"
    default: "application/octet-stream"
    }
  }
}
