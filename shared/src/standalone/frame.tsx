import type { ReactNode } from 'react';
import { Link, NavLink, Route, Routes } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { TOAST } from '../constants.ts';
import { ROUTES } from '../routes.ts';
import { TEXTS } from '../texts.ts';
import { StatusMessage } from '../ui/components.tsx';
import { SessionControl } from './session-control.tsx';
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
