import SealedCharts

extension ReportPage {
  /// The verdict table's body rows as HTML, each row a line, exactly as the template's sections
  /// would write them (`<tr class="failed">` for a failed check, each cell's text escaped, its
  /// detail in a `<span class="detail">` under it). Written here rather than in the template: a
  /// page has hundreds of cells (1,037 in mh3-play's), a release checked whole hundreds of
  /// thousands, and the template looks up each name of each cell by dynamic casts and escapes
  /// character by character through a dictionary, which made the table most of the page's
  /// rendering time (docs/speed.md). Cost: O(the table's text).
  var checkRowsHTML: String {
    var html = ""
    for row in checkRows {
      html += row.failed ? "<tr class=\"failed\">" : "<tr>"
      for cell in row.cells {
        html += "<td class=\""
        html += SVG.escape(cell.cssClass)
        html += "\">"
        html += SVG.escape(cell.text)
        if let detail = cell.detail {
          html += "<span class=\"detail\">"
          html += SVG.escape(detail)
          html += "</span>"
        }
        html += "</td>"
      }
      html += "</tr>\n"
    }
    return html
  }
}
