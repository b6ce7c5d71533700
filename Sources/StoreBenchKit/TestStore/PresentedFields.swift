import Foundation

/// The fields of a signed payload the app's presentation changes: its dates, the one that says
/// when it was signed, and the device verification values.
struct PresentedFields<Payload> {
  var dates: [WritableKeyPath<Payload, Date?>]
  var signedDate: WritableKeyPath<Payload, Date?>
  var nonce: WritableKeyPath<Payload, String?>
  var check: WritableKeyPath<Payload, String?>
}
