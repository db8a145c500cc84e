import KioskExpression
/// The `mqtt:` section.
nonisolated extension DecodingContext {
    static let mqttKeys = ["broker", "ca_file", "cert_file", "key_file", "client_id", "username", "password_file", "base_topic",
                           "keepalive", "group", "publish", "home_assistant", "allow_config_push"]

    func mqtt(_ node: YAMLNode) -> MQTTSpec? {
        guard let entries = mapping(node, describing: "'mqtt'") else { return nil }
        rejectUnknownKeys(in: entries, known: Self.mqttKeys, describing: "'mqtt'")
        guard let brokerNode = node["broker"] else {
            report(at: node.location, "'mqtt' has no 'broker'", expected: "broker: mqtt://HOST:1883 (or mqtts://HOST:8883)")
            return nil
        }
        guard case .string(let url)? = value(of: brokerNode, as: .string, named: "mqtt.broker") else { return nil }
        guard let broker = MQTTSpec.broker(from: url) else {
            report(at: brokerNode.location, "invalid value for 'mqtt.broker'",
                   expected: "mqtt://HOST[:PORT] or mqtts://HOST[:PORT], e.g. mqtt://192.168.1.10:1883", found: url)
            return nil
        }
        var spec = MQTTSpec(broker: broker)
        spec.caFile = string("ca_file", in: node)
        spec.certFile = string("cert_file", in: node)
        spec.keyFile = string("key_file", in: node)
        if (spec.certFile == nil) != (spec.keyFile == nil), let node = node["cert_file"] ?? node["key_file"] {
            report(at: node.location, "'mqtt.cert_file' and 'mqtt.key_file' go together", expected: "both, or neither")
        }
        if !broker.usesTLS, let node = node["ca_file"] ?? node["cert_file"] ?? node["key_file"] {
            report(at: node.location, "TLS files are given but 'mqtt.broker' is not mqtts://",
                   expected: "mqtts://\(broker.host):8883, or no ca_file/cert_file/key_file")
        }
        spec.clientID = string("client_id", in: node)
        if let id = spec.clientID, let idNode = node["client_id"], !MQTTSpec.isPlainTopic(id) || id.contains("/") {
            report(at: idNode.location, "invalid value for 'mqtt.client_id'",
                   expected: "a name without '/', '+', '#' or spaces (it becomes a topic level)", found: id)
        }
        spec.username = string("username", in: node)
        spec.passwordFile = string("password_file", in: node)
        if spec.passwordFile != nil, spec.username == nil, let node = node["password_file"] {
            report(at: node.location, "'mqtt.password_file' needs 'mqtt.username'", expected: "username: NAME beside it")
        }
        spec.baseTopic = topic("base_topic", in: node)
        spec.group = topic("group", in: node) ?? MQTTSpec.defaultGroup
        if let value = node["keepalive"], let seconds = self.value(of: value, as: .duration, named: "mqtt.keepalive")?.number {
            if MQTTSpec.keepaliveRange.contains(seconds) {
                spec.keepalive = seconds
            } else {
                report(at: value.location, "value out of range for 'mqtt.keepalive'", expected: "5s to 1h", found: "\(seconds)s")
            }
        }
        if let value = node["publish"] { spec.publish = publishedProperties(value) }
        spec.homeAssistant = flag("home_assistant", in: node)
        spec.allowConfigPush = flag("allow_config_push", in: node)
        return spec
    }

    private func string(_ key: String, in node: YAMLNode) -> String? {
        guard let value = node[key], case .string(let text)? = self.value(of: value, as: .string, named: "mqtt.\(key)") else { return nil }
        return text
    }

    private func flag(_ key: String, in node: YAMLNode) -> Bool {
        guard let value = node[key], case .bool(let flag)? = self.value(of: value, as: .bool, named: "mqtt.\(key)") else { return false }
        return flag
    }

    private func topic(_ key: String, in node: YAMLNode) -> String? {
        guard let text = string(key, in: node), let value = node[key] else { return nil }
        guard MQTTSpec.isPlainTopic(text) else {
            report(at: value.location, "invalid value for 'mqtt.\(key)'",
                   expected: "a topic such as kiosk/lobby: no '+' or '#', no empty level, no leading or trailing '/'", found: text)
            return nil
        }
        return text
    }

    /// `publish: [gauge.value, name.text]`: each a widget of the config and one of its properties.
    private func publishedProperties(_ node: YAMLNode) -> [String] {
        guard let items = node.sequence else {
            report(at: node.location, "'mqtt.publish' must be a list", expected: "a list of widget.property, e.g. [gauge.value]",
                   found: node.summary)
            return []
        }
        var targets: [String] = []
        for item in items {
            guard let text = item.scalar?.text, !item.isNull, let dot = text.lastIndex(of: "."), dot != text.startIndex,
                  text.index(after: dot) != text.endIndex else {
                report(at: item.location, "invalid entry in 'mqtt.publish'", expected: "widget.property, e.g. gauge.value",
                       found: item.summary)
                continue
            }
            let widget = String(text[..<dot]), property = String(text[text.index(after: dot)...])
            guard let declaration = widgetTypes[widget] else {
                report(at: item.location, "no widget '\(widget)' for 'mqtt.publish'",
                       suggestion: NameSuggestion.closest(to: widget, among: Array(widgetTypes.keys)))
                continue
            }
            let properties = ((registry.schema(for: declaration.type)?.properties ?? []) + CommonProperties.all).map(\.name)
            guard properties.contains(property) else {
                report(at: item.location, "widget '\(widget)' (\(declaration.type)) has no property '\(property)'",
                       suggestion: NameSuggestion.closest(to: property, among: properties))
                continue
            }
            targets.append(text)
        }
        return targets
    }
}
