import SessionEngine

extension HubModel {
    /// Rows the lesson's narration panel takes at the model's size (0 without a lesson).
    var lessonRows: Int { lesson == nil ? 0 : LessonPanel.rows(forHeight: height) }

    /// Draws the whole screen: a pure function of the model and the size.
    public func render(width: Int, height: Int) -> Frame {
        var c = Canvas(width: width, height: height, theme: theme)
        if width < Self.minimumWidth || height < Self.minimumHeight {
            TooSmallView.draw(&c, width: width, height: height)
            return c.frame
        }
        let lessonRows = lesson == nil ? 0 : LessonPanel.rows(forHeight: height)
        let layout = ScreenLayout(width: width, height: height, lessonRows: lessonRows)
        StatusLine.draw(self, &c, layout.status)
        switch view {
        case .panes:
            HubColumnView.draw(self, &c, layout.hub)
            PanesView.draw(self, &c, layout.main)
        case .eventLog:
            HubColumnView.draw(self, &c, layout.hub)
            EventLogView.draw(self, &c, layout.main)
        case .diagram:
            // The picture and its legend need the whole width at 80 columns (the current
            // state is highlighted in it).
            DiagramView.draw(self, &c, layout.body)
        case .zoom: ZoomView.draw(self, &c, ZoomView.area(width: width, height: height, lessonRows: lessonRows))
        case .audit: AuditView.draw(self, &c, ZoomView.area(width: width, height: height, lessonRows: lessonRows))
        case .ssoMap: SSOMapView.draw(self, &c, ZoomView.area(width: width, height: height, lessonRows: lessonRows))
        }
        if faults.menu != nil {
            c.cursor = nil
            let zoom = ZoomView.area(width: width, height: height, lessonRows: lessonRows)
            FaultMenuView.draw(self, &c, area: FaultMenuView.area(self, layout: layout, zoom: zoom))
        }
        if let lesson { LessonPanelView.draw(lesson, &c, layout.lesson) }
        // The zoom, the audit and the SSO map cover the Hub column: no cursor in its hidden form.
        if view == .zoom || view == .audit || view == .ssoMap { c.cursor = nil }
        HintLine.draw(self, &c, layout.hint)
        HintLine.drawMenu(self, &c, screen: c.grid.bounds)
        // A page over the screen (a confirmation, help) leaves the lesson its narration: the
        // whole panel from 36 rows, a one-line strip of it below (the page needs the room).
        let pageOpen = confirmation != nil || helpOpen
        let pageLessonRows = lesson == nil ? 0 : LessonPanel.rows(forHeight: height, underPage: pageOpen)
        let pageBody = Rect(x: 0, y: 1, width: width, height: max(0, height - 2 - pageLessonRows))
        if confirmation != nil {
            c.cursor = nil
            ConfirmView.draw(self, &c, body: pageBody)
        }
        if helpOpen {
            c.cursor = nil
            HelpView.draw(self, &c, screen: pageBody)
        }
        if let lesson, pageOpen, pageLessonRows == 1 {
            LessonPanelView.drawStrip(lesson, &c, Rect(x: 0, y: height - 2, width: width, height: 1))
        }
        if let classroom { TraineeClassView.draw(self, classroom, &c, lesson: layout.lesson, strip: pageOpen && pageLessonRows == 1) }
        return c.frame
    }
}
