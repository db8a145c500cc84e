import CYAML

/// One libyaml parsing event, translated into Swift values.
nonisolated enum YAMLEvent {
    case documentStart(SourceLocation)
    case documentEnd
    case scalar(YAMLNode.Scalar, anchor: String?, at: SourceLocation)
    case alias(String, at: SourceLocation)
    case sequenceStart(anchor: String?, at: SourceLocation)
    case sequenceEnd
    case mappingStart(anchor: String?, at: SourceLocation)
    case mappingEnd
    case streamEnd
}

/// Owns a libyaml parser and the bytes it reads; hands out events until the stream ends or the
/// bytes stop being YAML, which is reported as a `ConfigError` at the offending line and column.
nonisolated final class YAMLEventReader {
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    private let input: UnsafeMutableBufferPointer<UInt8>
    private let file: String

    init(bytes: [UInt8], file: String) {
        self.file = file
        parser = .allocate(capacity: 1)
        input = .allocate(capacity: max(bytes.count, 1))
        _ = input.initialize(from: bytes)
        // Initialisation only fails when malloc does; libyaml then reports it on the first parse call.
        _ = yaml_parser_initialize(parser)
        yaml_parser_set_input_string(parser, input.baseAddress, bytes.count)
    }

    deinit {
        yaml_parser_delete(parser)
        parser.deallocate()
        input.deallocate()
    }

    func next() throws(ConfigError) -> YAMLEvent {
        var event = yaml_event_t()
        guard yaml_parser_parse(parser, &event) == 1 else { throw currentError() }
        defer { yaml_event_delete(&event) }
        let location = location(of: event.start_mark)
        switch event.type {
        case YAML_STREAM_END_EVENT:
            return .streamEnd
        case YAML_DOCUMENT_START_EVENT:
            return .documentStart(location)
        case YAML_DOCUMENT_END_EVENT:
            return .documentEnd
        case YAML_ALIAS_EVENT:
            return .alias(string(event.data.alias.anchor) ?? "", at: location)
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let text = scalar.value.map { pointer in
                String(decoding: UnsafeBufferPointer(start: pointer, count: scalar.length), as: UTF8.self)
            } ?? ""
            return .scalar(YAMLNode.Scalar(text: text, isPlain: scalar.style == YAML_PLAIN_SCALAR_STYLE,
                                           textStart: textStart(of: text, style: scalar.style, from: event.start_mark,
                                                                to: event.end_mark)),
                           anchor: string(scalar.anchor), at: location)
        case YAML_SEQUENCE_START_EVENT:
            return .sequenceStart(anchor: string(event.data.sequence_start.anchor), at: location)
        case YAML_SEQUENCE_END_EVENT:
            return .sequenceEnd
        case YAML_MAPPING_START_EVENT:
            return .mappingStart(anchor: string(event.data.mapping_start.anchor), at: location)
        case YAML_MAPPING_END_EVENT:
            return .mappingEnd
        default:
            // The stream start (and libyaml's empty event) carry nothing a config needs.
            return try next()
        }
    }

    /// The column of the text's first character, when the scalar is written on one line and its
    /// written characters are exactly its text (plus the quotes of a quoted one). libyaml's marks
    /// count characters, like the columns of our messages.
    private func textStart(of text: String, style: yaml_scalar_style_t, from start: yaml_mark_t,
                           to end: yaml_mark_t) -> SourceLocation? {
        guard start.line == end.line else { return nil }
        let quotes: Int
        switch style {
        case YAML_PLAIN_SCALAR_STYLE: quotes = 0
        case YAML_SINGLE_QUOTED_SCALAR_STYLE, YAML_DOUBLE_QUOTED_SCALAR_STYLE: quotes = 2
        default: return nil
        }
        guard end.column - start.column == text.count + quotes else { return nil }
        var location = location(of: start)
        location.column += quotes / 2
        return location
    }

    private func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: UnsafePointer($0)) }
    }

    private func location(of mark: yaml_mark_t) -> SourceLocation {
        SourceLocation(file: file, line: mark.line + 1, column: mark.column + 1)
    }

    /// libyaml's error, placed and worded for a panel author.
    private func currentError() -> ConfigError {
        let state = parser.pointee
        let problem = state.problem.map { String(cString: $0) } ?? "unreadable input"
        if state.error == YAML_READER_ERROR {
            // Reader errors carry a byte offset instead of a mark.
            // libyaml points at the bad trailing byte; the author's character starts at its lead byte.
            var offset = min(state.problem_offset, input.count)
            if problem.contains("trailing") {
                while offset > 0, input[offset - 1] & 0x80 != 0, offset > state.problem_offset - 4 {
                    offset -= 1
                    if input[offset] & 0xC0 == 0xC0 { break }
                }
            }
            let location = locationOfByte(at: offset)
            let value = offset < input.count ? Int(input[offset]) : Int(state.problem_value)
            let byte = value >= 0 ? " (byte 0x\(String(value, radix: 16, uppercase: true)))" : ""
            if problem.contains("control characters") {
                return ConfigError(at: location, "the file contains a control character\(byte); is it a binary file?",
                                   expected: "UTF-8 YAML text")
            }
            return ConfigError(at: location, "the file is not valid UTF-8 text\(byte): \(problem)",
                               expected: "UTF-8 YAML text")
        }
        let mark = state.problem_mark
        var location = location(of: mark)
        if let tab = tabInIndentation(line: mark.line) {
            location.column = tab
            return ConfigError(at: location, "tab character used for indentation",
                               expected: "spaces (YAML does not allow tabs for indentation)")
        }
        var message = "YAML syntax error: \(problem)"
        if let context = state.context.map({ String(cString: $0) }) {
            let at = self.location(of: state.context_mark)
            message += " (\(context) at \(at.line):\(at.column))"
        }
        return ConfigError(at: location, message)
    }

    private func lineStarts() -> [Int] {
        var starts = [0]
        for index in input.indices where input[index] == UInt8(ascii: "\n") { starts.append(index + 1) }
        return starts
    }

    /// The 1-based column of a tab in the leading whitespace of a 0-based line, if there is one.
    private func tabInIndentation(line: Int) -> Int? {
        let starts = lineStarts()
        guard line < starts.count else { return nil }
        var column = 1
        var index = starts[line]
        while index < input.count, input[index] == UInt8(ascii: " ") || input[index] == UInt8(ascii: "\t") {
            if input[index] == UInt8(ascii: "\t") { return column }
            index += 1
            column += 1
        }
        return nil
    }

    private func locationOfByte(at offset: Int) -> SourceLocation {
        let offset = min(offset, input.count)
        var line = 1
        var lineStart = 0
        for index in 0..<offset where input[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        // Columns count characters, not bytes: skip UTF-8 continuation bytes.
        let column = input[lineStart..<offset].filter { $0 & 0xC0 != 0x80 }.count + 1
        return SourceLocation(file: file, line: line, column: column)
    }
}
