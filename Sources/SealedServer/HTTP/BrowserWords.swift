import Foundation

/// The library's one-line messages say what to do on the command line (`pass --force`,
/// `sealed deck add NAME CARD`, `--booster-max N`); the page has its own controls. Every
/// refusal the app sends passes here (`APIError(DataError)`), and each command-line remedy the
/// page cannot follow is said in the page's words; the rest of the line (what was wrong) is
/// kept as the library wrote it.
enum BrowserWords {
  /// A command-line phrase (a regular expression) and the page's words for it.
  static let remedies: [(pattern: String, words: String)] = [
    // A name already saved: the page's name box, not --force; the file's path means nothing here.
    (#" \([^()]*\.json\); choose another name or pass --force to replace it"#, "; type another name"),
    (#"; choose another name or pass --force to replace it"#, "; type another name"),
    (#"; choose another name$"#, "; type another name"),
    // A name differing from a saved one only in case: its file, named for the command line.
    (#"(is already saved) \([^()]*\.json\)(, and )"#, "$1$2"),
    (#" \(save one with 'sealed open SET --save NAME'\)"#, " (open a pool from Choose, build and save it)"),
    (#"add cards with 'sealed deck add [^' ]+ CARD'"#, "add cards by clicking them in the pool"),
    // A set whose data has no basic lands: the booster range field of Choose and Checks.
    (#"; pass --booster-max N to draw from collector numbers 1\.\.\.N"#,
     "; give a booster range (boosters draw from collector numbers 1 to it) in the field beside the set on Choose or Checks"),
    (#"^product:([a-z0-9-]+): rule set "[a-z0-9-]+" does not cover set ([a-z0-9]+); it covers ([a-z0-9, ]+)$"#,
     #"product $1 is a product of set $3, not $2: put $3 in Set, or choose a rule set that covers $2"#),
    (#", the code of a product of the booster data in use \(([^;()]+); sealed rules import --list lists them\), or the path of a YAML rule file"#,
     ", or the code of a product of the booster data in use ($1; Choose lists them)"),
    (#"the booster range is unknown \(use --booster-max\)"#, "the booster range is unknown (give it below)"),
    // A range too small for a sheet: the hint names the option the command line gave.
    (#"with --booster-max ([0-9]+) boosters draw from collector numbers 1 to ([0-9]+) only"#,
     "with the booster range $1 boosters draw from collector numbers 1 to $2 only: enter a larger range"),
    // A product's rules, which draw from no range: the field is to be left empty.
    (#"; leave --booster-max out \(it is for rules that filter a set's cards, such as sealed and retail\)"#,
     "; leave the booster range empty (it is for rule sets that filter a set's cards, such as sealed and retail)"),
    // The booster range field and the check's pools, named as the page names them.
    (#"^--booster-max ([0-9]+): "#, "Booster range $1: "),
    (#"^--pools ([0-9]+): sealed check tests at most ([0-9]+) pools \(its exact binomial tests take at most 2\^38 boosters\); use sealed simulate for larger runs$"#,
     "Pools: $1 is more than a check of this rule set counts exactly; enter at most $2 (its exact tests count at most 2^38 boosters)"),
    (#" \(sealed sets lists them\); sealed cards fetch ([a-z0-9]+) downloads a set from Scryfall"#,
     " (Choose lists those that open; sealed cards fetch $1, on the command line, downloads a set from Scryfall)"),
    // A rule set that does not fit the set: the products that do, for the Rules field (each was
    // `--rules CODE`); `rulesOptions` below takes the option's name off each.
    (#" \(sealed rules import --list lists them\)"#, " (put one in Rules; Choose lists them)"),
    (#"; sealed rules import --list lists them$"#, "; Choose lists them"),
    // A product whose cards lack names: Choose's button for it, and Checks, which reads keys.
    (#"; sealed cards fetch --product ([a-z0-9-]+), or check the product on its card keys with sealed check$"#,
     "; press Fetch its cards and open on Choose, or check the product on its card keys on Checks"),
  ]

  /// The products a refusal offers in place of a rule set, each `--rules CODE` on the command
  /// line: in the page's words, the codes alone.
  static let rulesOptions = #"(?<=products for it do: |, )--rules ([a-z0-9-]+)"#

  /// `message` with each command-line remedy in the page's words. Cost: a few regular
  /// expressions over one line.
  static func rephrase(_ message: String) -> String {
    var text = message
    for (pattern, words) in remedies {
      guard let expression = try? NSRegularExpression(pattern: pattern) else { continue }
      text = expression.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text), withTemplate: words)
    }
    if let expression = try? NSRegularExpression(pattern: rulesOptions) {
      text = expression.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "$1")
    }
    return text
  }
}

/// A value of a request's JSON that the page typed into one of its fields, refused in that
/// field's words (`Seed "x": expected a whole number ...`): thrown by a value's decoder and sent
/// as it is, not as a decoding error of the body.
struct FieldError: Error, Sendable {
  let message: String
  init(_ message: String) { self.message = message }
}
