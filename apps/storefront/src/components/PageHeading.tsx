import { useEffect } from 'react';

interface PageHeadingProps {
  /** The page's name, shown as its h1 and in the browser tab as "{heading} | Kapaas". */
  children: string;
  /** A different browser-tab title, for pages whose heading is not a good tab name. */
  documentTitle?: string;
  /** Keeps the heading for screen readers only, on pages whose design starts with pictures. */
  visuallyHidden?: boolean;
  className?: string;
}

/** The h1 of a page; it also names the browser tab. */
export function PageHeading({ children, documentTitle, visuallyHidden = false, className = '' }: PageHeadingProps) {
  const title = documentTitle ?? `${children} | Kapaas`;

  useEffect(() => {
    document.title = title;
  }, [title]);

  return <h1 className={visuallyHidden ? 'visually-hidden' : `page-heading ${className}`.trim()}>{children}</h1>;
}
