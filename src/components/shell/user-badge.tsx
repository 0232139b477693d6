import styles from "./shell.module.css";

function initials(name: string, email: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length >= 2 ? `${words[0]![0]}${words[1]![0]}` : (words[0] ?? email).slice(0, 2);
  return letters.toUpperCase();
}

export function UserBadge({ email, name }: { email: string; name: string }) {
  return (
    <div className={styles.user}>
      <span className={styles.avatar} aria-hidden="true">
        {initials(name, email)}
      </span>
      <span className={styles.userText}>
        <span className={styles.userName}>{name}</span>
        <span className={styles.userEmail} data-testid="user-email">
          {email}
        </span>
      </span>
    </div>
  );
}
