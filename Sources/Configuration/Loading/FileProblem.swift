import Foundation
import SessionEngine

/// Why a file operation failed, in plain words ("no such file or directory", "permission
/// denied", "is a directory"), never a raw `NSCocoaErrorDomain` code (Docs/reliability.md).
public enum FileProblem {
    /// The system's words for `errno`, lower-cased to sit inside a sentence.
    public static func words(errno code: Int32) -> String {
        let text = String(cString: strerror(code))
        guard let first = text.first else { return "error \(code)" }
        return first.lowercased() + text.dropFirst()
    }

    /// The plain words for a Foundation or POSIX error.
    public static func words(for error: any Error) -> String {
        let ns = error as NSError
        if ns.domain == NSPOSIXErrorDomain { return words(errno: Int32(ns.code)) }
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return words(errno: Int32(underlying.code))
        }
        guard ns.domain == NSCocoaErrorDomain else { return PrintableText.escaped(ns.localizedDescription) }
        switch ns.code {
        case NSFileNoSuchFileError, NSFileReadNoSuchFileError: return "no such file or directory"
        case NSFileReadNoPermissionError, NSFileWriteNoPermissionError: return "permission denied"
        case NSFileReadInvalidFileNameError, NSFileWriteInvalidFileNameError: return "the file name is not valid"
        case NSFileReadInapplicableStringEncodingError, NSFileWriteInapplicableStringEncodingError: return "the text is not UTF-8"
        case NSFileReadTooLargeError: return "the file is too large"
        case NSFileWriteOutOfSpaceError: return "no space left on the device"
        case NSFileWriteVolumeReadOnlyError: return "the file system is read-only"
        case NSFileWriteFileExistsError: return "a file is already there"
        case NSFileLockingError: return "the file is locked"
        case NSFileReadUnknownError: return "it could not be read (is it a directory or a device?)"
        case NSFileWriteUnknownError: return "it could not be written (is the path a directory, or the disk full?)"
        default: return "it could not be read or written"
        }
    }
}
