// `npm start`. React, React Router and Express choose their production code paths from NODE_ENV when
// they are first imported, so it is set before anything else loads.
process.env.NODE_ENV ??= 'production';
await import('../server/main');

export {};
