@testable import SealedCLI
import Testing

/// What `sealed serve` says when sealed-serve is not beside it: in a build folder, the build
/// command of that configuration; elsewhere (a copied sealed), to copy the server beside it.
@Suite struct AppServerAdviceTests {
  @Test func theAdviceFitsWhereSealedIs() {
    let release = AppServer.missing(in: "/home/me/sealed/.build/x86_64-unknown-linux-gnu/release")
    #expect(release.hasSuffix("build it once with 'swift build -c release --product sealed-serve' (Hummingbird and SwiftNIO: a few minutes the first time), or start it with 'swift run -c release sealed-serve'"))
    let debug = AppServer.missing(in: "/home/me/sealed/.build/debug")
    #expect(debug.contains("'swift build --product sealed-serve'") && debug.contains("'swift run sealed-serve'"))
    let copied = AppServer.missing(in: "/usr/local/bin")
    #expect(copied == "the app's server, sealed-serve, is not beside sealed (/usr/local/bin); copy sealed-serve from the build that made this sealed into that folder ('swift build -c release --product sealed-serve' puts it in .build/release)")
    // A folder named release outside a build is a copy too.
    #expect(AppServer.missing(in: "/opt/release").hasPrefix("the app's server, sealed-serve, is not beside sealed"))
  }
}
