/// Configure Default Message's request body (Apple's `DefaultConfigurationRequest`).
struct DefaultConfigurationRequest: Decodable {
  var messageIdentifier: String?
}
