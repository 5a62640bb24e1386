import { Center, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { ApiProblem, api } from './api';
import { queryKeys } from './query-keys';
import { AccountPage } from './screens/AccountPage';
import { Accounts } from './screens/Accounts';
import { ApiKeys } from './screens/ApiKeys';
import { AssetPage } from './screens/AssetPage';
import { Assets } from './screens/Assets';
import { AudienceWorkspace } from './screens/AudienceWorkspace';
import { AuditLog } from './screens/AuditLog';
import { ChangePassword } from './screens/ChangePassword';
import { Operators } from './screens/Operators';
import { PageForm } from './screens/PageForm';
import { PagesList } from './screens/PagesList';
import { Persons } from './screens/Persons';
import { Shell } from './screens/Shell';
import { SignIn } from './screens/SignIn';
import { TenantHome } from './screens/TenantHome';
import { TenantSettings } from './screens/TenantSettings';
import { TopicPage } from './screens/TopicPage';
import { Topics } from './screens/Topics';
import { WebhookDeliveries } from './screens/WebhookDeliveries';
import { Webhooks } from './screens/Webhooks';

/** The console's screens; every one but sign-in needs a session (GET /admin/v0/me). */
export function App() {
  const location = useLocation();
  const me = useQuery({ queryKey: queryKeys.me, queryFn: api.me });
  if (location.pathname === '/sign-in') return <SignIn />;
  if (me.isPending) {
    return (
      <Center h="100vh">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  if (me.isError) {
    if (me.error instanceof ApiProblem && me.error.status === 401) {
      return <Navigate to="/sign-in" replace state={{ from: location.pathname }} />;
    }
    return <Center h="100vh">{me.error.message}</Center>;
  }
  if (me.data.operator.mustChangePassword) return <ChangePassword forced />;
  return (
    <Routes>
      <Route
        path="/account/password"
        element={
          <Shell me={me.data}>
            <ChangePassword />
          </Shell>
        }
      />
      <Route path="/t/:tenant" element={<Shell me={me.data} />}>
        <Route path="pages" element={<PagesList />} />
        <Route path="pages/new" element={<PageForm />} />
        <Route path="pages/:pageId" element={<PageForm />} />
        <Route path="pages/:pageId/audiences/:audienceId" element={<AudienceWorkspace />} />
        <Route path="persons" element={<Persons />} />
        <Route path="accounts" element={<Accounts />} />
        <Route path="accounts/:accountId" element={<AccountPage />} />
        <Route path="assets" element={<Assets />} />
        <Route path="assets/:assetId" element={<AssetPage />} />
        <Route path="topics" element={<Topics />} />
        <Route path="topics/:topicId" element={<TopicPage />} />
        <Route path="audit" element={<AuditLog />} />
        <Route path="operators" element={<Operators me={me.data} />} />
        <Route path="settings/keys" element={<ApiKeys />} />
        <Route path="settings/webhooks" element={<Webhooks />} />
        <Route path="settings/tenant" element={<TenantSettings />} />
        <Route path="settings/webhooks/:webhookId" element={<WebhookDeliveries />} />
      </Route>
      <Route path="*" element={<TenantHome me={me.data} />} />
    </Routes>
  );
}
