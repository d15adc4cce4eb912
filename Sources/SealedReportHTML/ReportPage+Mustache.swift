import Mustache

// The template reads the page's values by name. Without these conformances the renderer finds
// each name by reflection (`Mirror`), which cost most of a page's rendering time; each type
// answers for every one of its stored properties, as reflection would, and nil for any other
// name (an optional property that is nil is nil, as reflection unwraps it).

extension ReportPage: MustacheParent {
  func child(named name: String) -> Any? {
    switch name {
    case "title": title
    case "identity": identity
    case "command": command
    case "hasChecks": hasChecks
    case "verdict": verdict
    case "verdictClass": verdictClass
    case "checkHeader": checkHeader
    case "checkRows": checkRows
    case "checkRowsHTML": checkRowsHTML
    case "proportions": proportions
    case "fairness": fairness
    case "poolMythics": poolMythics
    case "position": position
    case "sheets": sheets
    case "claims": claims
    case "hasClaims": !claims.isEmpty
    case "sheetNote": sheetNote
    case "notes": notes
    case "findings": findings
    case "findingsHeadline": findingsHeadline
    case "hasFindings": hasFindings
    case "hasProportions": hasProportions
    case "hasFairness": hasFairness
    case "hasMythics": hasMythics
    case "hasSheets": hasSheets
    case "hasNotes": hasNotes
    default: nil
    }
  }
}

extension ReportPage.Pair: MustacheParent {
  func child(named name: String) -> Any? {
    switch name {
    case "key": key
    case "value": value
    default: nil
    }
  }
}

extension ReportPage.Header: MustacheParent {
  func child(named name: String) -> Any? { name == "parts" ? parts : nil }
}

extension ReportPage.Header.Part: MustacheParent {
  func child(named name: String) -> Any? {
    switch name {
    case "text": text
    case "last": last
    default: nil
    }
  }
}

extension ReportPage.Cell: MustacheParent {
  func child(named name: String) -> Any? {
    switch name {
    case "text": text
    case "detail": detail.map { $0 as Any }
    case "cssClass": cssClass
    default: nil
    }
  }
}

extension ReportPage.TableRow: MustacheParent {
  func child(named name: String) -> Any? {
    switch name {
    case "cells": cells
    case "failed": failed
    default: nil
    }
  }
}

extension ReportPage.Figure: MustacheParent {
  func child(named name: String) -> Any? {
    switch name {
    case "title": title
    case "caption": caption
    case "svg": svg
    case "failed": failed
    case "items": items
    default: nil
    }
  }
}
