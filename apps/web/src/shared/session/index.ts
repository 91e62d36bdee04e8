export { useSession, sessionQueryOptions, SESSION_QUERY_KEY, type Session, type SessionUser, type DashboardBundle } from './session';
