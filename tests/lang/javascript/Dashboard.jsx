// A React dashboard in JSX: function and class components, hooks and nested components.
import React, { useMemo } from 'react';
import PropTypes from 'prop-types';
import * as Charts from './charts';
import { fetchStats } from '../api';

const REFRESH_MS = 30000;
let mounted = 0;

/** A labelled number. */
export function Stat({ label, value }) {
  return (
    <div className="stat">
      <Charts.Sparkline data={value.history} />
      <strong>{label}</strong> {value.current ?? '-'}
    </div>
  );
}

Stat.propTypes = {
  label: PropTypes.string.isRequired,
};

export default class Dashboard extends React.Component {
  static defaultProps = { title: 'Stats' };
  state = { stats: [], error: null };
  timer = null;

  constructor(props) {
    super(props);
    this.refresh = this.refresh.bind(this);
    this.retries = 0;
  }

  componentDidMount() {
    mounted++;
    this.timer = setInterval(this.refresh, REFRESH_MS);
    this.refresh();
  }

  async refresh() {
    try {
      const stats = await fetchStats();
      this.setState({ stats });
    } catch (error) {
      this.retries += 1;
      this.setState({ error: this.retries > 3 ? error : null });
    }
  }

  handleClear = () => this.setState({ stats: [] });

  render() {
    const { stats, error } = this.state;
    if (error) return <ErrorBanner error={error} onRetry={this.refresh} />;
    return (
      <Layout title={this.props.title}>
        {stats.length === 0 && <Empty />}
        {stats.map((s) => <Stat key={s.id} label={s.name} value={s} />)}
        <button onClick={this.handleClear}>Clear</button>
      </Layout>
    );
  }
}

function ErrorBanner({ error, onRetry }) {
  const message = useMemo(() => String(error.message || error), [error]);
  return <p role="alert" onClick={onRetry}>{message}</p>;
}

const Empty = () => <em>No data yet</em>;
const Layout = ({ title, children }) => (
  <section>
    <h1>{title}</h1>
    {children}
  </section>
);
