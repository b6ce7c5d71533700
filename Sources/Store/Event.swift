import Foundation

/// One thing that happened in the simulated world, at a virtual instant: a callback an observer
/// received, a charge the store made, something the app did. Rendered as one log line, or as JSON.
public struct Event: Hashable, Sendable {
  /// When it happened, on the virtual clock.
  public var time: Date
  /// Who acted or was told: `store`, `queue`, or an observer's name.
  public var actor: String
  /// What happened, such as `updatedTransactions` or `charged`.
  public var action: String
  /// The rest of the line, for people.
  public var detail: String
  /// The same facts as named fields, for machines, in a stable order.
  public var fields: [Field]

  /// A named value of an event.
  public struct Field: Hashable, Sendable {
    /// The field's name.
    public var name: String
    /// Its value, as text.
    public var value: String

    /// Creates a field.
    public init(_ name: String, _ value: String) {
      self.name = name
      self.value = value
    }
  }

  /// Creates an event.
  public init(time: Date, actor: String, action: String, detail: String, fields: [Field] = []) {
    self.time = time
    self.actor = actor
    self.action = action
    self.detail = detail
    self.fields = fields
  }
}
