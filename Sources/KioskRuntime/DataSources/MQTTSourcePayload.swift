import KioskConfig
import KioskExpression

/// What one message on an `mqtt` source's topic gives: its payload decoded as the source says, and
/// the part `json_path` names.
nonisolated enum MQTTSourcePayload {
    static func outcome(of payload: [UInt8], format: SourceSpec.Format, jsonPath: [String], maximumBytes: Int) -> SourceOutcome {
        guard payload.count <= maximumBytes else {
            return .failure("a message of \(payload.count) bytes is larger than max_bytes (\(maximumBytes))")
        }
        switch PayloadDecoder.decode(payload, as: format) {
        case .failure(let error):
            return .failure(error.message)
        case .success(let value):
            return pick(jsonPath, in: value)
        }
    }

    /// The member or list position each step names, in turn.
    private static func pick(_ path: [String], in value: ExpressionValue) -> SourceOutcome {
        var current = value
        for (depth, step) in path.enumerated() {
            switch current {
            case .record(let fields) where fields[step] != nil:
                current = fields[step]!
            case .list(let elements) where Int(step).map(elements.indices.contains) == true:
                current = elements[Int(step)!]
            default:
                let prefix = path[...depth].joined(separator: ".")
                return .failure("the message has no '\(prefix)' (json_path \(path.joined(separator: ".")))")
            }
        }
        return .value(current)
    }
}
