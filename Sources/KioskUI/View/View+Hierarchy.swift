extension View {
    /// Replaces all subviews, in time linear in the number of subviews before and after.
    ///
    /// A reload hands a container thousands of children at once, most of them the ones it has,
    /// some moved, some new, some gone. Views that stay are not detached and re-attached (a focused
    /// field keeps its focus, a touch on it goes on); only a change of place in the painting order
    /// damages them. Views that go leave the screen together, and the ancestors' painted extents
    /// are recomputed once.
    public func setSubviews(_ views: [View]) {
        var wanted = Set<ObjectIdentifier>(minimumCapacity: views.count)
        let ordered = views.filter { $0 !== self && wanted.insert(ObjectIdentifier($0)).inserted }
        ViewTreeWork.subviewSlotsVisited += subviews.count + ordered.count
        if ordered.count == subviews.count && zip(ordered, subviews).allSatisfy({ $0 === $1 }) { return }

        var previousIndex: [ObjectIdentifier: Int] = [:]
        previousIndex.reserveCapacity(subviews.count)
        let formerScreen = screen
        var anyLeft = false
        for (index, view) in subviews.enumerated() {
            if wanted.contains(ObjectIdentifier(view)) {
                previousIndex[ObjectIdentifier(view)] = index
            } else {
                formerScreen?.viewWillLeave(view)
                view.superview = nil
                view.attach(to: nil)
                anyLeft = true
            }
        }
        // Views taken from another parent leave it first (one removal each, as `addSubview` does).
        for view in ordered where previousIndex[ObjectIdentifier(view)] == nil { view.removeFromSuperview() }
        subviews = ordered
        if anyLeft { formerScreen?.subviewDidLeave(self) }
        for (index, view) in ordered.enumerated() {
            if let previous = previousIndex[ObjectIdentifier(view)] {
                if previous != index {
                    view.geometryDidChange()
                    formerScreen?.stackingChanges &+= 1
                }
            } else {
                adopt(view)
            }
        }
        setNeedsLayout()
        invalidateSize()
    }
}

/// How many subview slots hierarchy changes and damage bookkeeping looked at: a count that grows
/// linearly with the views changed when those stay linear. Tests read it to check that a reload
/// of N siblings costs O(N), without timing anything.
package enum ViewTreeWork {
    package static var subviewSlotsVisited = 0
    /// Views the layout pass descended into: those that needed layout and their ancestors.
    package static var layoutPassVisits = 0
}
