import CXKBCommon

/// Dead keys and compose sequences (´ then e → é) from the locale's compose table. Owned by the
/// keyboard translator; absent when the system has no compose table for the locale.
final class ComposeState {
    enum Outcome: Equatable {
        /// The symbol is not part of a sequence: use the key's own text.
        case nothing
        /// A sequence is in progress: show nothing yet.
        case composing
        case composed(String)
        /// The sequence did not match anything: drop it.
        case cancelled
    }

    private let table: OpaquePointer
    private let state: OpaquePointer

    init?(context: OpaquePointer, locale: String) {
        guard let table = xkb_compose_table_new_from_locale(context, locale, XKB_COMPOSE_COMPILE_NO_FLAGS) else {
            return nil
        }
        guard let state = xkb_compose_state_new(table, XKB_COMPOSE_STATE_NO_FLAGS) else {
            xkb_compose_table_unref(table)
            return nil
        }
        self.table = table
        self.state = state
    }

    isolated deinit {
        xkb_compose_state_unref(state)
        xkb_compose_table_unref(table)
    }

    func feed(_ symbol: xkb_keysym_t) -> Outcome {
        guard xkb_compose_state_feed(state, symbol) == XKB_COMPOSE_FEED_ACCEPTED else { return .nothing }
        switch xkb_compose_state_get_status(state) {
        case XKB_COMPOSE_COMPOSING:
            return .composing
        case XKB_COMPOSE_COMPOSED:
            var buffer = [CChar](repeating: 0, count: 64)
            let length = Int(xkb_compose_state_get_utf8(state, &buffer, buffer.count))
            xkb_compose_state_reset(state)
            let bytes = buffer.prefix(max(0, min(length, buffer.count - 1))).map { UInt8(bitPattern: $0) }
            return .composed(String(decoding: bytes, as: UTF8.self))
        case XKB_COMPOSE_CANCELLED:
            xkb_compose_state_reset(state)
            return .cancelled
        default:
            return .nothing
        }
    }

    func reset() { xkb_compose_state_reset(state) }
}
