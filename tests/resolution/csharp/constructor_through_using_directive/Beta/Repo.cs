namespace Beta
{
    public class Repo
    {
        public void Save(string item) { }
    }
}
