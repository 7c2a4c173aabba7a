/* What a database worker sends back for an error: the message and PostgreSQL's fields (SQLSTATE code, constraint...). */
function errorFields(error) {
  const fields = { message: error && error.message ? error.message : String(error) };
  for (const key of ['code', 'detail', 'constraint', 'table', 'column', 'severity', 'hint', 'position']) {
    if (error && error[key] !== undefined) fields[key] = error[key];
  }
  return fields;
}

module.exports = { errorFields };
