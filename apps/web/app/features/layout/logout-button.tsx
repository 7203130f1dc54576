import { useLogout } from "./session";

/**
 * 'Déconnexion': posts to /logout until the scripts run (routes/logout.tsx), then signs out
 * from the browser, which also forgets the stored token (decision 027, "The first tap").
 */
export function LogoutButton({ className }: { className: string }) {
  const logout = useLogout();
  return (
    <form method="post" action="/logout" className="contents">
      <button
        type="submit"
        onClick={(event) => {
          event.preventDefault();
          void logout();
        }}
        className={className}
      >
        Déconnexion
      </button>
    </form>
  );
}
