import Foundation
import Verifier

/// A URL the app's server receives notifications at, for one environment (App Store Connect's
/// Production and Sandbox Server URLs; here several are allowed per environment).
public struct NotificationURL: Hashable, Sendable {
  /// The URL, `http` or `https`.
  public var url: String
  /// The environment whose notifications go there.
  public var environment: Verifier.Environment

  /// Creates a URL after checking that it is an absolute `http` or `https` URL with a host.
  ///
  /// - Throws: ``SimulationError`` saying what is wrong with it.
  public init(_ url: String, environment: Verifier.Environment) throws(SimulationError) {
    guard let parsed = URLComponents(string: url), let scheme = parsed.scheme?.lowercased(),
      scheme == "http" || scheme == "https"
    else {
      throw SimulationError(.invalidValue, "\"\(url)\" is not an http or https URL")
    }
    guard let host = parsed.host, !host.isEmpty else {
      throw SimulationError(.invalidValue, "\"\(url)\" has no host")
    }
    self.url = url
    self.environment = environment
  }
}
