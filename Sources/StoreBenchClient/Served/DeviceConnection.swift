import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The HTTP side of a connected app: requests to the device face of `storebench serve`
/// (`/device/v1/DEVICE/…`), with the device token, answered in JSON.
package struct DeviceConnection: Sendable {
  /// The server's base URL (`http://127.0.0.1:PORT`).
  package let server: URL
  /// The device's name in the served world.
  package let device: String
  private let token: String
  private let session: URLSession

  package init(server: URL, device: String, token: String) {
    self.server = server
    self.device = device
    self.token = token
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = 120
    configuration.connectionProxyDictionary = [:]
    session = URLSession(configuration: configuration)
  }

  /// The URL of an operation of this device, with a query.
  func url(_ operation: String, query: [String: String] = [:]) -> URL {
    var components = URLComponents(
      url: server.appendingPathComponent("device/v1/\(device)/\(operation)"), resolvingAgainstBaseURL: false)
    if !query.isEmpty {
      components?.queryItems = query.sorted { $0.key < $1.key }.map {
        URLQueryItem(name: $0.key, value: $0.value)
      }
    }
    return components?.url ?? server
  }

  /// Sends a request and decodes its answer.
  ///
  /// - Throws: ``DeviceFailure`` with the server's error for an answer other than 200;
  ///   `StoreKitError.networkError` when the server cannot be reached.
  package func send<Answer: Decodable>(
    _ method: String, _ operation: String, query: [String: String] = [:],
    body: (some Encodable)? = nil as Int?,
    as type: Answer.Type
  ) async throws -> Answer {
    var request = URLRequest(url: url(operation, query: query))
    request.httpMethod = method
    request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
    if let body {
      request.setValue("application/json", forHTTPHeaderField: "Content-Type")
      request.httpBody = try JSONEncoder().encode(body)
    }
    let (data, response): (Data, URLResponse)
    do {
      (data, response) = try await session.data(for: request)
    } catch let error as URLError {
      throw StoreKitError.networkError(error)
    }
    let status = (response as? HTTPURLResponse)?.statusCode ?? 0
    guard status == 200 else {
      throw (try? JSONDecoder().decode(DeviceFailure.self, from: data))
        ?? DeviceFailure(
          errorCode: "http_\(status)",
          errorMessage:
            "\(method) \(request.url?.path ?? operation) answered \(status): \(String(decoding: data.prefix(200), as: UTF8.self))"
        )
    }
    do {
      return try JSONDecoder().decode(Answer.self, from: data)
    } catch {
      throw DeviceFailure(
        errorCode: "invalid_answer",
        errorMessage: "\(method) \(operation): the answer does not read: \(error)")
    }
  }
}
