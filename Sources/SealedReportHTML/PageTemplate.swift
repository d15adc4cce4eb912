import Foundation
import Mustache
import SealedCharts
import SealedSupport

/// Parsing the pages' Mustache templates, whose values are escaped byte by byte (`SVG.escape`)
/// rather than by Mustache's HTML escaping, which goes `Character` by `Character`: it leaves a
/// quote or `<` that a combining mark follows (one `Character`) as it is, and took about an
/// eighth of the time of rendering a report page (docs/speed.md). Both escape the same five
/// characters the same way.
enum PageTemplate {
  /// The content type the templates are parsed under (Mustache's `CONTENT_TYPE` pragma).
  static let contentTypeName = "SEALED_HTML"

  private struct ByteEscapedHTML: MustacheContentType {
    func escapeText(_ text: String) -> String { SVG.escape(text) }
  }

  /// The line of a template that stands for the pages' shared style sheet
  /// (`Resources/page-style.css`), put in its place before the template is parsed.
  static let styleMarker = "/* page-style.css */\n"

  /// The template in `text`, its style marker replaced by the shared style sheet and its
  /// values escaped by `SVG.escape`; `name` names it in the error that says it does not parse
  /// (a bug in Sealed). Cost: parsing the template.
  static func parse(_ text: [UInt8], name: String) throws(DataError) -> MustacheTemplate {
    MustacheContentTypes.register(ByteEscapedHTML(), named: contentTypeName)
    let style = String(decoding: PackageResources.page_style_css, as: UTF8.self)
    let template = String(decoding: text, as: UTF8.self).replacingOccurrences(of: styleMarker, with: style)
    do {
      // The pragma renders nothing, and on the template's first line it removes no line break.
      return try MustacheTemplate(string: "{{% CONTENT_TYPE: \(contentTypeName)}}" + template)
    } catch {
      throw DataError("the built-in \(name) template does not parse (\(error)); this is a bug in Sealed")
    }
  }
}
