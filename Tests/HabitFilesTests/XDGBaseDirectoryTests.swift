import HabitFiles
import Testing

@Suite struct XDGBaseDirectoryTests {
    @Test(arguments: XDGBaseDirectory.allCases)
    func anAbsoluteVariableWins(_ kind: XDGBaseDirectory) {
        #expect(kind.path(in: [kind.variable: "/x/y", "HOME": "/home/a"]) == "/x/y")
    }

    @Test func anEmptyOrRelativeVariableIsIgnored() {
        for value in ["", "relative/dir", "~/data"] {
            #expect(
                XDGBaseDirectory.data.path(in: ["XDG_DATA_HOME": value, "HOME": "/home/a"])
                    == "/home/a/.local/share")
        }
        #expect(XDGBaseDirectory.config.path(in: ["HOME": "/home/a/"]) == "/home/a/.config")
        #expect(XDGBaseDirectory.cache.path(in: ["HOME": "/home/a"]) == "/home/a/.cache")
    }

    @Test func withoutAnAbsoluteHomeThereIsNoDirectory() {
        #expect(XDGBaseDirectory.data.path(in: [:]) == nil)
        #expect(XDGBaseDirectory.data.path(in: ["HOME": ""]) == nil)
        #expect(XDGBaseDirectory.data.path(in: ["HOME": "home/a"]) == nil)
    }
}
