/// What happened to a watched file, after all events of one wakeup are taken together.
nonisolated public enum FileChange: Hashable, Sendable {
    /// Written, created, or replaced by a rename (as editors and config tools save).
    case changed
    /// Deleted or renamed away; it may come back.
    case removed
}
