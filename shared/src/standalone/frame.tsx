import type { ReactNode } from 'react';
import { Link, NavLink, Route, Routes, useNavigate } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { TOAST } from '../constants.ts';
import { ROUTES } from '../routes.ts';
import { TEXTS } from '../texts.ts';
import { Page, PageHeader, StatusMessage } from '../ui/components.tsx';
import { SessionControl, SignInForm } from './session-control.tsx';
import s from './standalone.module.css';

export interface StandaloneRoute {
  /** A react-router path pattern, e.g. '/rooms/:id' or '*'. */
  path: string;
  element: ReactNode;
  /** Header link text; routes without one get no link. */
  label?: string;
  /** Where the header link goes, for paths with parameters ('/rooms/1'). Defaults to `path`. */
  href?: string;
}

export interface StandaloneOptions {
  /** The module's name, shown in the header (e.g. 'mf-search'). */
  title: string;
  routes: StandaloneRoute[];
}

/** The frame a remote's pages run in when its dev server is opened directly. */
export function StandaloneFrame({ title, routes }: StandaloneOptions) {
  const hasCatchAll = routes.some((r) => r.path === '*');
  const hasLogin = routes.some((r) => r.path === ROUTES.login);
  return (
    <>
      <header className={s.header}>
        <div className={s.headerInner}>
          <p className={s.brand}>
            <span className={s.logo}>RoomNest</span>
            <span className={s.module}>{title}</span>
            <span className={s.hint}>standalone</span>
          </p>
          <nav aria-label={`${title} pages`}>
            <ul className={s.links}>
              {routes
                .filter((r) => r.label)
                .map((r) => (
                  <li key={`${r.path}-${r.label}`}>
                    <NavLink to={r.href ?? r.path} end className={({ isActive }) => (isActive ? `${s.link} ${s.active}` : s.link)}>
                      {r.label}
                    </NavLink>
                  </li>
                ))}
            </ul>
          </nav>
          <SessionControl />
        </div>
      </header>
      <main>
        <Routes>
          {hasLogin ? null : <Route path={ROUTES.login} element={<StandaloneLogin />} />}
          {routes.map((r) => (
            <Route key={r.path} path={r.path} element={r.element} />
          ))}
          {hasCatchAll ? null : (
            <Route
              path="*"
              element={
                <StatusMessage title="Page not found" action={<Link to={ROUTES.home}>Go to the homepage</Link>}>
                  {TEXTS.notFound}
                </StatusMessage>
              }
            />
          )}
        </Routes>
      </main>
      <ToastContainer position={TOAST.position} limit={TOAST.limit} autoClose={TOAST.appDurationMs} newestOnTop />
    </>
  );
}

/** Stands in for the shell's /login, where pages send visitors, so a guarded flow can be tried alone. */
function StandaloneLogin() {
  const navigate = useNavigate();
  return (
    <Page title="Log in">
      <PageHeader title="Log in" subtitle="The shell owns the real login page; this one signs you in to try this module's pages alone." />
      <SignInForm inline onDone={() => navigate(ROUTES.home)} />
    </Page>
  );
}
