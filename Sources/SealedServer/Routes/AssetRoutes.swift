import Hummingbird

/// The page's own files, compiled into the server (`embedInCode`): the app works with no
/// network and no files beside the executable.
enum AssetRoutes {
  /// The files under `/assets/`, by name, with their content types.
  static let assets: [String: (bytes: [UInt8], type: String)] = [
    "app.css": (PackageResources.app_css, "text/css; charset=utf-8"),
    "app.js": (PackageResources.app_js, "text/javascript; charset=utf-8"),
    "api.js": (PackageResources.api_js, "text/javascript; charset=utf-8"),
    "cards.js": (PackageResources.cards_js, "text/javascript; charset=utf-8"),
    "choose.js": (PackageResources.choose_js, "text/javascript; charset=utf-8"),
    "open.js": (PackageResources.open_js, "text/javascript; charset=utf-8"),
    "build.js": (PackageResources.build_js, "text/javascript; charset=utf-8"),
    "hand.js": (PackageResources.hand_js, "text/javascript; charset=utf-8"),
    "decks.js": (PackageResources.decks_js, "text/javascript; charset=utf-8"),
    "checks.js": (PackageResources.checks_js, "text/javascript; charset=utf-8"),
    "ui.js": (PackageResources.ui_js, "text/javascript; charset=utf-8"),
  ]

  static func add(to router: Router<BasicRequestContext>, state: AppState) {
    router.get("/") { _, _ in
      // The page's first request starts listing the products, off the request path, so that the
      // Choose screen finds them listed or under way.
      state.products.start(from: state.plans.location)
      return Reply.bytes(PackageResources.index_html, type: "text/html; charset=utf-8")
    }
    // Browsers ask for it on every page, report pages included; there is none.
    router.get("/favicon.ico") { _, _ in Response(status: .noContent) }
    router.get("/assets/:name") { _, context in
      let name = try context.parameters.require("name")
      guard let asset = assets[name] else { throw APIError.notFound("no asset \"\(name)\"") }
      return Reply.bytes(asset.bytes, type: asset.type)
    }
  }
}
