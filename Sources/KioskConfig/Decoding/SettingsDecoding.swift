import KioskGraphics

/// The `display`, `input` and `theme` sections.
nonisolated extension DecodingContext {
    func display(_ node: YAMLNode) -> DisplaySpec {
        var display = DisplaySpec()
        guard let entries = mapping(node, describing: "'display'") else { return display }
        rejectUnknownKeys(in: entries, known: ["backend", "size", "mode", "rotation", "scale", "device", "idle",
                                               "brightness", "antiburn"],
                          describing: "'display'")
        if let value = node["backend"], case .choice(let word)? = self.value(
            of: value, as: .choice(DisplayBackend.allCases.map(\.rawValue)), named: "display.backend") {
            display.backend = DisplayBackend(rawValue: word) ?? .auto
        }
        if let value = node["size"], case .size(let size)? = self.value(of: value, as: .size, named: "display.size") {
            display.size = displaySize(size, at: value)
        }
        if let value = node["mode"] { display.mode = mode(value) }
        if let value = node["rotation"] {
            if let degrees = ScalarReading.integer(value), [0, 90, 180, 270].contains(degrees) {
                display.rotation = degrees
            } else {
                report(at: value.location, "invalid value for 'display.rotation'", expected: "0, 90, 180 or 270",
                       found: value.summary)
            }
        }
        if let value = node["scale"], let scale = self.value(of: value, as: .number(0.25...8), named: "display.scale")?.number {
            display.scale = scale
        }
        if let value = node["device"], case .string(let path)? = self.value(of: value, as: .string, named: "display.device") {
            display.device = path
        }
        if let value = node["idle"] { display.idle = idle(value) }
        if let value = node["brightness"], let brightness = brightness(value) { display.brightness = brightness }
        if let value = node["antiburn"] { display.antiburn = antiburn(value) }
        if let size = display.size, let value = node["size"] {
            let pixels = Size(width: (size.width * display.scale).rounded(.up), height: (size.height * display.scale).rounded(.up))
            if !(PropertyLimits.displaySide.contains(pixels.width) && PropertyLimits.displaySide.contains(pixels.height)) {
                report(at: value.location, "'display.size' at 'display.scale' \(display.scale.compact) is \(pixels) pixels",
                       expected: "\(Self.displaySizes) pixels; change the size or the scale")
                display.size = nil
            }
        }
        return display
    }

    /// `16x16 to 8192x8192`.
    static var displaySizes: String {
        let sides = PropertyLimits.displaySide
        return "\(sides.lowerBound.compact)x\(sides.lowerBound.compact) to \(sides.upperBound.compact)x\(sides.upperBound.compact)"
    }

    /// A headless screen is this many points in memory: each side within `PropertyLimits.displaySide`.
    private func displaySize(_ size: Size, at node: YAMLNode) -> Size? {
        let sides = PropertyLimits.displaySide
        guard sides.contains(size.width), sides.contains(size.height) else {
            report(at: node.location, "value out of range for 'display.size'", expected: "a size from \(Self.displaySizes)",
                   found: "\(size)")
            return nil
        }
        return size
    }

    /// `1920x1080` or `1920x1080@60`.
    private func mode(_ node: YAMLNode) -> DisplayMode? {
        let text = node.scalar?.text ?? ""
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        if (1...2).contains(parts.count), let (width, height) = ScalarReading.dimensions(String(parts[0])),
           width.isWhole, height.isWhole, width > 0, height > 0, width < 100_000, height < 100_000 {
            let rate = parts.count == 2 ? Double(parts[1].trimmingWhitespace()) : nil
            if parts.count == 1 || (rate.map { $0 > 0 && $0 < 1_000 } ?? false) {
                return DisplayMode(width: Int(width), height: Int(height), refreshRate: rate)
            }
        }
        report(at: node.location, "invalid value for 'display.mode'", expected: "WIDTHxHEIGHT or WIDTHxHEIGHT@HZ such as 1920x1080@60",
               found: node.summary)
        return nil
    }

    private func idle(_ node: YAMLNode) -> IdleSpec {
        var idle = IdleSpec()
        guard let entries = mapping(node, describing: "'display.idle'") else { return idle }
        rejectUnknownKeys(in: entries, known: ["dim", "blank", "return_to_start", "antiburn"], describing: "'display.idle'")
        func seconds(_ key: String) -> Double? {
            // `never` (or nothing) switches the step off.
            guard let value = node[key], !value.isNull, value.scalar?.text != "never" else { return nil }
            return self.value(of: value, as: .duration, named: "display.idle.\(key)")?.number
        }
        idle.dim = seconds("dim")
        idle.blank = seconds("blank")
        idle.returnToStart = seconds("return_to_start")
        idle.antiburn = seconds("antiburn")
        if let antiburn = idle.antiburn, antiburn > Self.longestColourCycle, let node = node["antiburn"] {
            report(at: node.location, "value out of range for 'display.idle.antiburn'",
                   expected: "at most \(Self.longestColourCycle.compact)s", found: "\(antiburn.compact)s")
            idle.antiburn = nil
        }
        if let dim = idle.dim, let blank = idle.blank, blank < dim, let node = node["blank"] {
            report(at: node.location, "'display.idle.blank' comes before 'dim'",
                   expected: "a blank delay of at least \(dim.compact)s", found: "\(blank.compact)s")
        }
        return idle
    }

    func input(_ node: YAMLNode) -> InputSpec {
        var input = InputSpec()
        guard let entries = mapping(node, describing: "'input'") else { return input }
        rejectUnknownKeys(in: entries, known: ["calibration", "keyboard_layout", "seat"], describing: "'input'")
        if let value = node["calibration"] {
            let numbers = value.sequence?.compactMap(ScalarReading.number)
            if let numbers, numbers.count == 6, value.sequence?.count == 6 {
                input.calibration = numbers
            } else {
                report(at: value.location, "invalid value for 'input.calibration'",
                       expected: "6 numbers [a, b, c, d, e, f] (libinput's calibration matrix)", found: value.summary)
            }
        }
        if let value = node["keyboard_layout"], case .string(let layout)? = self.value(
            of: value, as: .string, named: "input.keyboard_layout") {
            input.keyboardLayout = layout
        }
        if let value = node["seat"], case .string(let seat)? = self.value(of: value, as: .string, named: "input.seat") {
            input.seat = seat
        }
        return input
    }

    /// `log: {level: info}`.
    func log(_ node: YAMLNode) -> LogSpec {
        var log = LogSpec()
        guard let entries = mapping(node, describing: "'log'") else { return log }
        rejectUnknownKeys(in: entries, known: ["level"], describing: "'log'")
        if let value = node["level"], case .choice(let level)? = self.value(of: value, as: .choice(LogSpec.levels),
                                                                             named: "log.level") {
            log.level = level
        }
        return log
    }

    func theme(_ node: YAMLNode) -> ThemeSpec {
        var theme = ThemeSpec()
        guard let entries = mapping(node, describing: "'theme'") else { return theme }
        rejectUnknownKeys(in: entries, known: ["appearance", "text_scale", "accent", "locale", "fonts"], describing: "'theme'")
        if let value = node["appearance"], case .choice(let word)? = self.value(
            of: value, as: .choice(Appearance.allCases.map(\.rawValue)), named: "theme.appearance") {
            theme.appearance = Appearance(rawValue: word) ?? .light
        }
        if let value = node["text_scale"], let scale = self.value(of: value, as: .number(0.5...4), named: "theme.text_scale")?.number {
            theme.textScale = scale
        }
        if let value = node["accent"], case .color(let color)? = self.value(of: value, as: .color, named: "theme.accent") {
            theme.accent = color
        }
        if let value = node["locale"], case .string(let locale)? = self.value(of: value, as: .string, named: "theme.locale") {
            theme.locale = locale
            checkLocale(locale, at: value.location)
        }
        theme.fonts = loadedFontPaths
        return theme
    }

    /// `strings: {en: {key: text}, es: {...}}`.
    func strings(_ node: YAMLNode) -> StringTables {
        var tables: [String: [String: String]] = [:]
        guard let locales = mapping(node, describing: "'strings'") else { return StringTables() }
        for locale in locales {
            guard let entries = mapping(locale.value, describing: "'strings.\(locale.key)'") else { continue }
            var table: [String: String] = [:]
            for entry in entries {
                guard let scalar = entry.value.scalar, !entry.value.isNull else {
                    report(at: entry.value.location, "invalid value for 'strings.\(locale.key).\(entry.key)'",
                           expected: "a string", found: entry.value.summary)
                    continue
                }
                table[entry.key] = scalar.text
            }
            tables[locale.key] = table
        }
        return StringTables(tables)
    }
}
