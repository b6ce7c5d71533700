import SwiftASN1
import X509

extension DistinguishedName {
  /// The name's common name (CN), or the whole name when it has none: `Apple Root CA`.
  var commonName: String {
    for relativeName in self {
      for attribute in relativeName where attribute.type == .RDNAttributeType.commonName {
        return attribute.value.description
      }
    }
    return description
  }
}
