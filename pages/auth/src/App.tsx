import { msg } from "@lingui/core/macro";
import { RequireAnon, RequireAuth } from "@nook/ui/guards";
import { lazyScreen, Screens } from "@nook/ui/screens";
import { Redirect } from "wouter";
import { Login } from "./login.tsx";
import { Profile } from "./profile.tsx";

// Seldom visited: a password's change, sign-up, and the local sign-in as the demo user. Each its own chunk with the
// strings only it uses (its own catalog: lingui.config.ts), off the first load of the sign-in and the profile.
const EditPassword = lazyScreen(() => import("./edit-password.tsx").then((m) => m.EditPassword), "password");
const YaLogin = lazyScreen(() => import("./yalogin.tsx").then((m) => m.YaLogin), "yalogin");
const Signup = lazyScreen(() => import("./signup.tsx").then((m) => m.Signup), "signup");
const ImportPage = lazyScreen(() => import("./import-page.tsx").then((m) => m.ImportPage), "import");
const RemindersPage = lazyScreen(
  () => import("./reminders/reminders-page.tsx").then((m) => m.RemindersPage),
  "reminders",
);

function LoginScreen() {
  return (
    <RequireAnon>
      <Login />
    </RequireAnon>
  );
}

function SignupScreen() {
  return (
    <RequireAnon>
      <Signup />
    </RequireAnon>
  );
}

function ProfileScreen() {
  return (
    <RequireAuth>
      <Profile />
    </RequireAuth>
  );
}

function PasswordScreen() {
  return (
    <RequireAuth>
      <EditPassword />
    </RequireAuth>
  );
}

function ImportScreen() {
  return (
    <RequireAuth>
      <ImportPage />
    </RequireAuth>
  );
}

function RemindersScreen() {
  return (
    <RequireAuth>
      <RemindersPage />
    </RequireAuth>
  );
}

export function App() {
  return (
    <Screens
      home={<Redirect to="/profile" replace />}
      screens={[
        ["/login", LoginScreen],
        ["/signup", SignupScreen],
        ["/profile", ProfileScreen],
        ["/edit-password", PasswordScreen],
        ["/import", ImportScreen],
        ["/reminders", RemindersScreen],
        ["/yalogin", YaLogin],
      ]}
    />
  );
}

/** What still works here offline, said by the Offline banner (packages/ui/src/offline.tsx). */
export const stillWorksOffline = msg`Your profile stays readable as you last saw it; changing it, signing in and your data need the network.`;
