import { RequireAnon, RequireAuth } from "@nook/ui/guards";
import { NotFound } from "@nook/ui/not-found";
import { Redirect, Route, Switch } from "wouter";
import { EditPassword } from "./edit-password.tsx";
import { Login } from "./login.tsx";
import { Profile } from "./profile.tsx";
import { YaLogin } from "./yalogin.tsx";

export function App() {
  return (
    <Switch>
      <Route path="/">
        <Redirect to="/profile" replace />
      </Route>
      <Route path="/login">
        <RequireAnon>
          <Login />
        </RequireAnon>
      </Route>
      <Route path="/profile">
        <RequireAuth>
          <Profile />
        </RequireAuth>
      </Route>
      <Route path="/edit-password">
        <RequireAuth>
          <EditPassword />
        </RequireAuth>
      </Route>
      <Route path="/yalogin">
        <YaLogin />
      </Route>
      <Route>
        <NotFound />
      </Route>
    </Switch>
  );
}
