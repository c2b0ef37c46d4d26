import Alert from 'react-bootstrap/Alert';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/** What a screen that failed to draw shows instead, with a way to try again. */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <div className="p-4">
      <Alert variant="danger">
        <h1 className="h5">Something went wrong on this screen.</h1>
        <p className="mb-2">Reload the page to try again. If it keeps happening, note what you did and tell us.</p>
        {detail && <p className="small mb-2">{detail}</p>}
        <button type="button" className="btn btn-outline-danger btn-sm" onClick={() => window.location.reload()}>
          Reload
        </button>
      </Alert>
    </div>
  );
}
