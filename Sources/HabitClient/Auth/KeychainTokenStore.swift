#if canImport(Security)
    import Foundation
    import Security

    /// Keeps credentials in the macOS Keychain as one generic password item,
    /// JSON-encoded like the credentials file.
    ///
    /// The Keychain has no lock that spans processes, so refreshes are
    /// serialised with a lock file in `lockDirectory` (created 0700).
    package struct KeychainTokenStore: TokenStore {
        /// The Keychain service name.
        let service: String
        /// The item's account name.
        package let account: String
        /// Where the cross-process lock file lives.
        package let lockDirectory: String

        package init(
            service: String = "habits", account: String = "credentials", lockDirectory: String
        ) {
            self.service = service
            self.account = account
            self.lockDirectory = lockDirectory
        }

        package var locationDescription: String { "macOS Keychain (service \"\(service)\")" }

        private var query: [String: Any] {
            [
                kSecClass as String: kSecClassGenericPassword,
                kSecAttrService as String: service,
                kSecAttrAccount as String: account,
            ]
        }

        package func load() throws(TokenStoreError) -> StoredCredentials {
            var search = query
            search[kSecReturnData as String] = true
            search[kSecMatchLimit as String] = kSecMatchLimitOne
            var result: CFTypeRef?
            let status = SecItemCopyMatching(search as CFDictionary, &result)
            if status == errSecItemNotFound { return .empty }
            guard status == errSecSuccess, let data = result as? Data else {
                throw Self.error(status)
            }
            do {
                return try JSONDecoder().decode(StoredCredentials.self, from: data)
            } catch {
                throw .corrupt(path: locationDescription, damage: .of(data))
            }
        }

        package func save(_ credentials: StoredCredentials) throws(TokenStoreError) {
            guard let data = try? JSONEncoder().encode(credentials) else {
                throw .unwritable(path: locationDescription, reason: "cannot encode credentials")
            }
            let update: [String: Any] = [
                kSecValueData as String: data,
                kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly,
            ]
            var status = SecItemUpdate(query as CFDictionary, update as CFDictionary)
            if status == errSecItemNotFound {
                status = SecItemAdd(query.merging(update) { $1 } as CFDictionary, nil)
            }
            guard status == errSecSuccess else { throw Self.error(status) }
        }

        package func clear() throws(TokenStoreError) {
            let status = SecItemDelete(query as CFDictionary)
            guard status == errSecSuccess || status == errSecItemNotFound else {
                throw Self.error(status)
            }
        }

        package func withExclusiveLock<T: Sendable>(
            _ body: @Sendable () async throws(APIError) -> T
        ) async throws(APIError) -> T {
            do {
                try FileManager.default.createDirectory(
                    atPath: lockDirectory, withIntermediateDirectories: true,
                    attributes: [.posixPermissions: 0o700])
            } catch {
                throw .storage(.cannotLock(path: lockDirectory, reason: "cannot create it"))
            }
            return try await FileLock(path: lockDirectory + "/credentials.lock").withLock(body)
        }

        private static func error(_ status: OSStatus) -> TokenStoreError {
            let message = SecCopyErrorMessageString(status, nil) as String? ?? "unknown error"
            return .keychain(status: status, reason: message)
        }
    }
#endif
