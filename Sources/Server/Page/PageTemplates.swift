import Foundation
import Mustache
import Simulation

/// The page's templates and assets, read once from the target's resources (`Resources/Page`):
/// `page.mustache` (the document, which takes the part that updates already rendered) and
/// `world.mustache` (the part that updates), rendered with Mustache, which escapes every `{{value}}`; `app.js` and `app.css` are served as they are.
struct PageTemplates: Sendable {
  /// The templates, by name: `page` and `world`.
  let library: MustacheLibrary
  /// The assets, by file name, with their content types.
  let assets: [String: (contentType: String, bytes: [UInt8])]

  /// The templates and assets, or `nil` with the reason when the resources cannot be read.
  static let shipped: Result<PageTemplates, PageResourceError> = {
    do {
      return .success(try PageTemplates(bundle: .module))
    } catch let error as PageResourceError {
      return .failure(error)
    } catch {
      return .failure(PageResourceError(reason: "\(error)"))
    }
  }()

  init(bundle: Bundle) throws {
    var library = MustacheLibrary()
    for name in ["page", "world"] {
      try library.register(try Self.text(of: "\(name).mustache", in: bundle), named: name)
    }
    self.library = library
    var assets: [String: (contentType: String, bytes: [UInt8])] = [:]
    for (name, type) in [
      ("app.js", "text/javascript; charset=utf-8"), ("app.css", "text/css; charset=utf-8"),
    ] {
      assets[name] = (type, Array(try Self.text(of: name, in: bundle).utf8))
    }
    self.assets = assets
  }

  private static func text(of file: String, in bundle: Bundle) throws -> String {
    let name = (file as NSString).deletingPathExtension
    let type = (file as NSString).pathExtension
    guard let url = bundle.url(forResource: name, withExtension: type, subdirectory: "Page"),
      let text = try? String(contentsOf: url, encoding: .utf8)
    else {
      throw PageResourceError(reason: "the page's resource \(file) is missing from \(bundle.bundlePath)")
    }
    return text
  }

  /// A template rendered over a context.
  func render(_ name: String, _ context: PageContext) -> String {
    library.render(context, withTemplate: name) ?? ""
  }
}

/// Why the page cannot be served.
struct PageResourceError: Error, CustomStringConvertible {
  var reason: String
  var description: String { reason }
}

/// What the templates read: the server's token (every form carries it) and the world; for the
/// whole page, also the live part already rendered (by `world.mustache`, which escaped it) and
/// its tag, so that the page renders it once, and how the action a plain form sent went.
struct PageContext: Sendable {
  var token: String
  var world: WorldView
  var worldHTML = ""
  var etag = ""
  /// Whether the page shows how an action went, in ``statusMessage``.
  var hasStatus = false
  /// `refund: …` or `the page's token is missing or wrong: reload the page`, as the page's script
  /// shows an action's result.
  var statusMessage = ""
  /// `ok` or `failed`, as the page's script marks `#status`.
  var statusResult = ""

  init(token: String, world: WorldView) {
    self.token = token
    self.world = world
  }

  /// Shows how an action went, as the page's script would have.
  mutating func show(_ result: PageActionResult) {
    hasStatus = true
    statusMessage = (result.commandLine.map { "\($0): " } ?? "") + result.message
    statusResult = result.succeeded ? "ok" : "failed"
  }
}
