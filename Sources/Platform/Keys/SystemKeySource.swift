import Crypto
import SessionEngine

/// Keys and nonces from the operating system's secure random generator.
public struct SystemKeySource: KeySource {
    public init() {}
    public func makeKey() -> KeyMaterial {
        KeyMaterial(bytes: SymmetricKey(size: .bits256).withUnsafeBytes { Array($0) })
    }
    public func makeNonce() -> [UInt8] { AES.GCM.Nonce().withUnsafeBytes { Array($0) } }
}
