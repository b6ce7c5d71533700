import Vocabulary

/// A queue operation refused before anything happened: the shared shape (``ModuleError``), told
/// apart as the queues'.
public typealias QueueError = ModuleError<PaymentQueue>
