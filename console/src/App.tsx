import { Center, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { ApiProblem, api } from './api';
import { AuditLog } from './audit/AuditLog';
import { Brands } from './brands/Brands';
import { ExperimentPage } from './experiments/ExperimentPage';
import { PageExperiments } from './experiments/PageExperiments';
import { AssetPage } from './library/AssetPage';
import { Assets } from './library/Assets';
import { TopicPage } from './library/TopicPage';
import { Topics } from './library/Topics';
import { ImportTargets } from './pages/ImportTargets';
import { PageForm } from './pages/PageForm';
import { PagesList } from './pages/PagesList';
import { AudienceWorkspace } from './pages/workspace/AudienceWorkspace';
import { AccountPage } from './people/AccountPage';
import { Accounts } from './people/Accounts';
import { PersonPage } from './people/PersonPage';
import { Persons } from './people/Persons';
import { queryKeys } from './query-keys';
import { ApiKeys } from './settings/ApiKeys';
import { Operators } from './settings/Operators';
import { TenantSettings } from './settings/TenantSettings';
import { WebhookDeliveries } from './settings/webhooks/WebhookDeliveries';
import { Webhooks } from './settings/webhooks/Webhooks';
import { ChangePassword } from './shell/ChangePassword';
import { Setup } from './shell/Setup';
import { Shell } from './shell/Shell';
import { SignIn } from './shell/SignIn';
import { TenantHome } from './shell/TenantHome';

/** The console's screens; every one but sign-in needs a session (GET /admin/v0/me). */
export function App() {
  const location = useLocation();
  const me = useQuery({ queryKey: queryKeys.me, queryFn: api.me });
  if (location.pathname === '/sign-in') return <SignIn />;
  if (location.pathname === '/setup') return <Setup />;
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
        <Route path="pages/:pageId/import" element={<ImportTargets />} />
        <Route path="pages/:pageId/imports/:importId" element={<ImportTargets />} />
        <Route path="pages/:pageId/experiments" element={<PageExperiments />} />
        <Route path="pages/:pageId/audiences/:audienceId" element={<AudienceWorkspace />} />
        <Route path="experiments/:experimentId" element={<ExperimentPage />} />
        <Route path="persons" element={<Persons />} />
        <Route path="persons/:personId" element={<PersonPage />} />
        <Route path="accounts" element={<Accounts />} />
        <Route path="accounts/:accountId" element={<AccountPage />} />
        <Route path="assets" element={<Assets />} />
        <Route path="assets/:assetId" element={<AssetPage />} />
        <Route path="brands" element={<Brands />} />
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
