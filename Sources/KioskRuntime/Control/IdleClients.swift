/// The control clients that count as idle, least recently active first, and when the next of them
/// times out. A client is active when it sends something or takes some of its output; a subscriber
/// with nothing left to read is waiting for events, not idle, and is not tracked at all.
///
/// Every operation is O(1) (a linked list threaded through a dictionary), so a server at its
/// client limit pays nothing per request for knowing which client to drop first. Pure logic on a
/// clock the caller passes in: the server applies the decisions.
struct IdleClients {
    private struct Link {
        var lastActivity: Double
        var older: Int32?
        var newer: Int32?
    }

    let timeout: Double
    private var links: [Int32: Link] = [:]
    /// The least recently active client.
    private(set) var oldest: Int32?
    private var newest: Int32?

    init(timeout: Double) {
        self.timeout = timeout
    }

    var count: Int { links.count }

    func contains(_ client: Int32) -> Bool { links[client] != nil }

    /// When the least recently active client times out; nil when none is tracked.
    var nextDeadline: Double? { oldest.flatMap { links[$0] }.map { $0.lastActivity + timeout } }

    /// Seconds since `client` was last active, if it is tracked.
    func idleTime(of client: Int32, at now: Double) -> Double? { links[client].map { now - $0.lastActivity } }

    /// Records activity: the client becomes the most recently active (and is tracked if it was not).
    mutating func noteActivity(of client: Int32, at now: Double) {
        remove(client)
        links[client] = Link(lastActivity: now, older: newest, newer: nil)
        if let newest { links[newest]?.newer = client }
        newest = client
        if oldest == nil { oldest = client }
    }

    /// Tracks `client` from `now` unless it already is (its idle time keeps running).
    mutating func track(_ client: Int32, at now: Double) {
        if links[client] == nil { noteActivity(of: client, at: now) }
    }

    /// Stops tracking `client` (it closed, or became a subscriber waiting for events).
    mutating func remove(_ client: Int32) {
        guard let link = links.removeValue(forKey: client) else { return }
        if let older = link.older { links[older]?.newer = link.newer } else { oldest = link.newer }
        if let newer = link.newer { links[newer]?.older = link.older } else { newest = link.older }
    }

    /// The clients idle for `timeout` or longer at `now`, oldest first.
    func timedOut(at now: Double) -> [Int32] {
        var expired: [Int32] = []
        var cursor = oldest
        while let client = cursor, let link = links[client], link.lastActivity + timeout <= now {
            expired.append(client)
            cursor = link.newer
        }
        return expired
    }
}
