import CNCurses
import HubUI
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Paints frames on a curses window: only the runs that changed since the last frame, then
/// one `wnoutrefresh` + `doupdate`. Never clears per frame; when nothing changed it makes
/// no curses call at all, so an idle screen writes 0 bytes.
struct CursesPainter: FramePainter {
    private let window: UnsafeMutablePointer<WINDOW>
    private let mode: ColorMode
    private var pairs: ColorPairTable
    private var painted: CellGrid?
    private var cursor: (x: Int, y: Int)?
    private var cursorVisible: Bool?
    /// The wide characters of the cell being drawn (`draw`), kept between cells.
    private var wide: [wchar_t] = []
    /// The clusters of this frame that are written after curses' own output.
    private var patches: [ClusterOverlay.Patch] = []

    init(window: UnsafeMutablePointer<WINDOW>, mode: ColorMode) {
        self.window = window
        self.mode = mode
        pairs = ColorPairTable(capacity: mode == .monochrome ? 0 : Int(cn_color_pairs()))
    }

    /// Forgets what is on screen: the next frame is painted whole (after a resize or a resume).
    mutating func invalidate() {
        painted = nil
        cursorVisible = nil
        clearok(cn_curscr(), true)
    }

    mutating func paint(_ frame: Frame) {
        let runs = FrameDiff.runs(from: painted, to: frame.grid)
        let cursorChanged = frame.cursor?.x != cursor?.x || frame.cursor?.y != cursor?.y || cursorVisible == nil
        guard !runs.isEmpty || cursorChanged else { return }
        for run in runs { draw(run) }
        placeCursor(frame.cursor)
        painted = frame.grid
        cursor = frame.cursor
        wnoutrefresh(window)
        doupdate()
        if !patches.isEmpty {
            // After curses has written (and flushed) its frame, over its placeholders.
            let bytes = ClusterOverlay.bytes(patches)
            _ = bytes.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
            patches.removeAll(keepingCapacity: true)
        }
    }

    private mutating func draw(_ run: PaintRun) {
        let style = StyleMapping.map(run.style, mode: mode)
        let attr = attributes(style.attributes)
        let pair = colorPair(style)
        // One buffer for every cell (`wide`): a first frame paints ~1,900 of them, and an
        // array made per cell was an allocation each (Docs/performance.md, first write).
        for (offset, text) in run.texts.enumerated() where !text.isEmpty {
            let width = TextWidth.of(text)
            if ClusterOverlay.needsOverlay(text, width: width) {
                overlay(text, x: run.x + offset, y: run.y, width: width, style: run.style, attr: attr, pair: pair)
                continue
            }
            wide.removeAll(keepingCapacity: true)
            for scalar in text.unicodeScalars { wide.append(wchar_t(bitPattern: scalar.value)) }
            if wide.isEmpty { wide.append(wchar_t(0x20)) }
            _ = cn_put_cell(window, Int32(run.y), Int32(run.x + offset), wide, Int32(wide.count), attr, pair)
        }
    }

    /// A cluster curses cannot hold (`ClusterOverlay`): placeholders in curses' picture of the
    /// screen, and the cluster kept for writing once curses is done. In the cluster's first
    /// column a private-use character no screen draws (the overlay always covers it), so the
    /// next frame's text there, even a space, differs and curses writes it over the cluster;
    /// in its second column a space, which is what shows if the terminal draws it narrower.
    private mutating func overlay(_ text: String, x: Int, y: Int, width: Int, style: CellStyle, attr: attr_t, pair: Int16) {
        var placeholder: [wchar_t] = [wchar_t(ClusterOverlay.placeholder.value)]
        var space: [wchar_t] = [wchar_t(0x20)]
        _ = cn_put_cell(window, Int32(y), Int32(x), &placeholder, 1, attr, pair)
        if width > 1 { _ = cn_put_cell(window, Int32(y), Int32(x + 1), &space, 1, attr, pair) }
        var shown = style
        if mode == .monochrome { shown.fg = .default; shown.bg = .default }
        patches.append(ClusterOverlay.Patch(x: x, y: y, text: text, style: shown))
    }

    private func attributes(_ a: TextAttributes) -> attr_t {
        var attr = cn_attr_normal()
        if a.contains(.bold) { attr |= cn_attr_bold() }
        if a.contains(.dim) { attr |= cn_attr_dim() }
        if a.contains(.reverse) { attr |= cn_attr_reverse() }
        if a.contains(.underline) { attr |= cn_attr_underline() }
        return attr
    }

    private mutating func colorPair(_ style: CursesStyle) -> Int16 {
        guard mode != .monochrome else { return 0 }
        let (number, isNew) = pairs.pair(fg: style.foreground, bg: style.background)
        if isNew { init_pair(number, style.foreground, style.background) }
        return number
    }

    /// Shows the cursor only where the frame has one; a hidden cursor is left wherever
    /// drawing ends (`leaveok`), which saves the bytes of moving it back.
    private mutating func placeCursor(_ position: (x: Int, y: Int)?) {
        let visible = position != nil
        if visible != cursorVisible {
            curs_set(visible ? 1 : 0)
            leaveok(window, !visible)
            cursorVisible = visible
        }
        if let position { wmove(window, Int32(position.y), Int32(position.x)) }
    }
}
