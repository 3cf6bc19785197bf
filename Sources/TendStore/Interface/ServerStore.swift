/// What `tend serve` needs of a store: habits and entries, accounts and sign-in identities, and reminder delivery. Every
/// store is one (in memory, SQLite, PostgreSQL).
public typealias ServerStore = TendStore & AccountStore & ReminderStore & IdentityStore
