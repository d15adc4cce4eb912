@testable import SealedServer
import SealedSupport
import Testing

/// Command-line remedies in the page's words (docs/serve.md: "never a command-line option the
/// page does not have").
@Suite struct BrowserWordsTests {
  @Test func aCheckTooLargeToCountExactlyIsSaidInThePoolsFieldsWords() {
    // RunLimits.checkedPools's line for a server started with a --max-check-pools above what a
    // check of 6-booster pools counts exactly (found by an independent review).
    let line = "--pools 274877906944: sealed check tests at most 45812984490 pools (its exact binomial tests take at most 2^38 boosters); use sealed simulate for larger runs"
    #expect(
      BrowserWords.rephrase(line)
        == "Pools: 274877906944 is more than a check of this rule set counts exactly; enter at most 45812984490 (its exact tests count at most 2^38 boosters)")
    #expect(BrowserWords.rephrase("--booster-max 9: set war's highest collector number is 264; expected 1 to 264") == "Booster range 9: set war's highest collector number is 264; expected 1 to 264")
    // A range given for a product's rules, which list their cards one by one.
    #expect(
      BrowserWords.rephrase(
        "--booster-max 100: the rules war-draft list their cards one by one and draw from no booster range of war; leave --booster-max out (it is for rules that filter a set's cards, such as sealed and retail)")
        == "Booster range 100: the rules war-draft list their cards one by one and draw from no booster range of war; leave the booster range empty (it is for rule sets that filter a set's cards, such as sealed and retail)")
    // A range too small for a sheet (a player's review: the app named the command line's option).
    let small = "slot \"common\" draws 10 distinct cards from sheet \"common\", which has only 2 card(s) in eld; with --booster-max 5 boosters draw from collector numbers 1 to 5 only"
    #expect(
      BrowserWords.rephrase(small)
        == "slot \"common\" draws 10 distinct cards from sheet \"common\", which has only 2 card(s) in eld; with the booster range 5 boosters draw from collector numbers 1 to 5 only: enter a larger range")
  }

  /// A name that differs from a saved one only in case: the command line's message names the
  /// saved file, which means nothing on the page (a review of the change that named it).
  @Test func aCaseVariantRefusalNamesNoFileOnThePage() {
    let line = "a pool named \"alice\" is already saved (/home/p/.sealed/pools/alice.json), and \"Alice\" differs from it only in case (one file on a case-insensitive disk, such as macOS's); choose another name"
    #expect(
      BrowserWords.rephrase(line)
        == "a pool named \"alice\" is already saved, and \"Alice\" differs from it only in case (one file on a case-insensitive disk, such as macOS's); type another name")
  }

  /// Refusals of the Checks form's free-text Set and Rules, and of a product whose cards lack
  /// names, named `--rules CODE`, `sealed rules import --list` and `sealed cards fetch --product`
  /// (found by an independent review).
  @Test func theProductsARefusalOffersAreSaidInThePagesWords() {
    let unfit = "built-in:retail-lethe: rule set \"retail-lethe\" does not cover set m19; it covers war, dom; the rule set retail-lethe does not fit m19; the booster data's products for it do: --rules m19-draft, --rules m19-arena, --rules m19-prerelease (sealed rules import --list lists them)"
    #expect(
      BrowserWords.rephrase(unfit)
        == "built-in:retail-lethe: rule set \"retail-lethe\" does not cover set m19; it covers war, dom; the rule set retail-lethe does not fit m19; the booster data's products for it do: m19-draft, m19-arena, m19-prerelease (put one in Rules; Choose lists them)")
    #expect(
      BrowserWords.rephrase("the rule set sealed does not fit 10e; the booster data's products for it do: --rules 10e-draft (sealed rules import --list lists them)")
        == "the rule set sealed does not fit 10e; the booster data's products for it do: 10e-draft (put one in Rules; Choose lists them)")
    #expect(BrowserWords.rephrase("no product \"nosuch-play\" in the data (538 products); sealed rules import --list lists them") == "no product \"nosuch-play\" in the data (538 products); Choose lists them")
    #expect(
      BrowserWords.rephrase("sealed open shows cards by name, and 594 of 594 cards lack card data (set 30a); sealed cards fetch --product 30a-draft, or check the product on its card keys with sealed check")
        == "sealed open shows cards by name, and 594 of 594 cards lack card data (set 30a); press Fetch its cards and open on Choose, or check the product on its card keys on Checks")
  }

  /// A failed fetch's advice: the connection only when a request failed, not for an answer
  /// Sealed cannot use (it said "Check the connection" for a cut page too).
  @Test func aFailedFetchIsAdvisedByWhatFailed() {
    let command = "sealed cards fetch --product fin-play"
    let network = DataError("set fca, page 1: the request to 127.0.0.1 failed (connection refused); nothing was stored")
    #expect(BrowserFetches.advice(after: network, command: command).hasPrefix("Check the connection and press Fetch again"))
    let download = DataError("x.json: the request failed (timed out after 30 s)")
    #expect(BrowserFetches.advice(after: download, command: "sealed rules fetch").hasPrefix("Check the connection"))
    let cut = DataError("set fca, page 2 (http://x/cards/search?q=e%3Afca): the page is cut short; nothing was stored")
    #expect(
      BrowserFetches.advice(after: cut, command: command)
        == "The server's answer was not one Sealed can use: press Fetch again later, or run sealed cards fetch --product fin-play where there is one.")
  }
}
