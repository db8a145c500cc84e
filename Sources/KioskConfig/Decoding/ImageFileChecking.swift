import KioskGraphics

/// Picture files a config names must be there and be pictures: a missing photo is found by
/// `kiosk check`, not by someone looking at the screen.
nonisolated extension DecodingContext {
    /// The properties that name a picture file, by component type. `icon` also takes a symbol
    /// name: only a value with a picture extension is a path.
    static let imagePathProperties: [String: [String]] = [
        "image": ["source"], "avatar": ["image"], "text_field": ["icon"], "underlined_text_field": ["icon"],
    ]

    /// Reads and decodes every picture the widget names with a written path. A path bound to a
    /// formula is only known when the kiosk runs (which logs it once if it cannot be read): the
    /// paths the formula spells out (`= if(state.ok, "ok.png", "alarm.png")`) are checked, and
    /// one that cannot be read is a warning, since the formula may never give it.
    func checkImageFiles(of widget: WidgetSpec, at locations: [String: SourceLocation]) {
        guard let directory = imageDirectory, let names = Self.imagePathProperties[widget.type] else { return }
        for name in names {
            if let binding = widget.bindings[name] {
                checkImageFiles(spelledOutIn: binding, of: widget, directory: directory)
                continue
            }
            guard let written = widget.properties[name]?.string, !written.isEmpty, let location = locations[name],
                  name != "icon" || ImageFormat.isImagePath(written) else { continue }
            let path = written.hasPrefix("/") ? written : directory + "/" + written
            if let problem = Self.problem(readingImageAt: path) {
                report(at: location, "\(widget.type) '\(name)': \(problem)",
                       expected: "a readable PNG, JPEG or SVG file (a relative path is read from the config's directory)",
                       found: "'\(written)'")
            }
        }
    }

    private func checkImageFiles(spelledOutIn binding: PropertyBinding, of widget: WidgetSpec, directory: String) {
        for written in Self.quotedPicturePaths(in: binding.formula.text) {
            let path = written.hasPrefix("/") ? written : directory + "/" + written
            if let problem = Self.problem(readingImageAt: path) {
                warn(at: binding.formula.location, "\(widget.type) '\(binding.property)': '\(written)', which the formula may give: \(problem)",
                     expected: "a readable PNG, JPEG or SVG file (a relative path is read from the config's directory)")
            }
        }
    }

    /// The quoted texts of a formula that name a picture file (`"photos/ana.jpg"`, `'alarm.png'`).
    /// A text joined to another with `+` (`panel + '.png'`) is part of a name, not one.
    static func quotedPicturePaths(in formula: String) -> [String] {
        let characters = Array(formula)
        func isJoined(from index: Int, step: Int) -> Bool {
            var index = index
            while characters.indices.contains(index), characters[index] == " " { index += step }
            return characters.indices.contains(index) && characters[index] == "+"
        }
        var paths: [String] = []
        var index = 0
        while index < characters.count {
            let open = characters[index]
            guard open == "\"" || open == "'" else {
                index += 1
                continue
            }
            guard let close = characters[(index + 1)...].firstIndex(of: open) else { break }
            let text = String(characters[(index + 1)..<close])
            if ImageFormat.isImagePath(text), !text.contains("${"), !isJoined(from: index - 1, step: -1),
               !isJoined(from: close + 1, step: 1) {
                paths.append(text)
            }
            index = close + 1
        }
        return paths
    }

    private static func problem(readingImageAt path: String) -> String? {
        let bytes: [UInt8]
        do {
            bytes = try RegularFile.contents(of: path, limit: ImageLimits.maximumFileSize)
        } catch {
            return "the file \(error.reason)"
        }
        do {
            _ = try ImageFileCache.decode(bytes, name: path)
            return nil
        } catch {
            return error.description
        }
    }
}
