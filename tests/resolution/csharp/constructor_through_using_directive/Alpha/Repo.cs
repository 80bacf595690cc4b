namespace Alpha
{
    public class Repo
    {
        public void Save(string item) { }
    }
}
