"""Play-test inside the editor: play the map being designed with the real rules engine.

The main window owns a `PlayMode` (editor.playtest.mode) and enters it with
`MainWindow.enter_play_mode`; the Qt-free logic (session, clicks and hovers, explanations)
lives in engine.play.
"""
