import { NavigationProgress } from "@/components/shell/navigation-progress";

/** Shown in the shell (navigation stays) while the next page renders on the server. */
export default function Loading() {
  return <NavigationProgress />;
}
