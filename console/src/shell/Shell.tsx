import { AppShell, Badge, Burger, Button, Group, Menu, NavLink, Select, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { api, type Me } from '../api';
import { queryKeys } from '../query-keys';
import { can } from '../session';

/** The list screen a path belongs to (`pages/p_1` -> `pages`), the one the tenant switcher opens. */
function listOf(section: string): string {
  const parts = section.split('/');
  return parts[0] === 'settings' ? parts.slice(0, 2).join('/') : (parts[0] ?? 'pages');
}

/** The frame of every screen: navigation, the tenant switcher (instance admins), the account menu. */
export function Shell({ me, children }: { me: Me; children?: ReactNode }) {
  const [opened, { toggle, close }] = useDisclosure();
  const { tenant = me.operator.tenantId ?? '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const instanceAdmin = me.operator.instanceAdmin;
  const tenants = useQuery({ queryKey: queryKeys.tenants, queryFn: api.listTenants, enabled: instanceAdmin });
  // The path below /t/{tenant}: `pages/...`, `settings/keys`... (the tenant switcher keeps it).
  const section = location.pathname.split('/').slice(3).join('/') || 'pages';
  const signOut = async (everywhere: boolean) => {
    await (everywhere ? api.signOutEverywhere() : api.signOut());
    queryClient.clear();
    navigate('/sign-in');
  };
  const links = [
    { to: 'pages', label: 'Pages' },
    { to: 'persons', label: 'Persons' },
    { to: 'accounts', label: 'Accounts' },
    { to: 'assets', label: 'Assets' },
    { to: 'topics', label: 'Topics' },
    { to: 'brands', label: 'Brands' },
    { to: 'audit', label: 'Audit log' },
    ...(can(me, 'admin')
      ? [
          { to: 'operators', label: 'Operators' },
          { to: 'settings/keys', label: 'Settings: API keys' },
          { to: 'settings/webhooks', label: 'Settings: Webhooks' },
          { to: 'settings/tenant', label: 'Settings: Handle and hosts' },
        ]
      : []),
  ];
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label="Toggle navigation"
            />
            <Title order={1} size="h3">
              Quire
            </Title>
            {instanceAdmin && tenants.data ? (
              <Select
                aria-label="Tenant"
                data={tenants.data.items.map((t) => ({ value: t.tenantId, label: t.name }))}
                value={tenant || null}
                onChange={(value) => value && navigate(`/t/${value}/${listOf(section)}`)}
                w={{ base: 140, sm: 220 }}
                allowDeselect={false}
              />
            ) : null}
          </Group>
          <Menu position="bottom-end">
            <Menu.Target>
              <Button variant="subtle">
                <Text size="sm" truncate maw={{ base: 90, sm: 240 }}>
                  {me.operator.email}
                </Text>
                <Badge ml="xs" visibleFrom="sm">
                  {instanceAdmin ? 'instance admin' : me.operator.role}
                </Badge>
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item component={Link} to="/account/password">
                Change password
              </Menu.Item>
              <Menu.Item onClick={() => signOut(false)}>Sign out</Menu.Item>
              <Menu.Item onClick={() => signOut(true)}>Sign out everywhere</Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Sections">
        {tenant
          ? links.map((link) => (
              <NavLink
                key={link.to}
                component={Link}
                to={`/t/${tenant}/${link.to}`}
                label={link.label}
                active={section === link.to || section.startsWith(`${link.to}/`)}
                variant="filled"
                onClick={close}
              />
            ))
          : null}
      </AppShell.Navbar>
      <AppShell.Main id="main">{children ?? <Outlet />}</AppShell.Main>
    </AppShell>
  );
}
